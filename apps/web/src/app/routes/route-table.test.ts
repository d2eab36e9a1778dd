import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE } from './route-table';
import type { AppRoute } from './route-types';
import { isInvitationPath } from '../../common/ui/mantine-styles';

describe('route table', () => {
  it('holds every route of the spec with its access', () => {
    const summary = ROUTE_TABLE.map(
      (route) =>
        `${route.path} ${typeof route.access === 'string' ? route.access : `permission:${route.access.permission}`}`,
    );
    expect(summary).toEqual([
      '/login guestOnly',
      '/signup guestOnly',
      '/forgot-password public',
      '/verify-email public',
      '/set-password public',
      '/backoffice/team auth',
      '/backoffice/integrations auth',
      '/backoffice/data-retention auth',
      '/backoffice/brand auth',
      '/backoffice/insights auth',
      '/user auth',
      '/ public',
      '/backoffice auth',
      '/backoffice/applicant/:jobId? auth',
      '/backoffice/archive/applicant auth',
      '/backoffice/job auth',
      '/backoffice/details/:jobId/:applicantId auth',
      '/backoffice/compare/:jobId auth',
      '/backoffice/template permission:TEMPLATES',
      '/backoffice/template/edit/:templateId? permission:TEMPLATES',
      '/backoffice/template/:templateId permission:TEMPLATES',
      '/backoffice/admin/account admin',
      '/backoffice/admin/record admin',
      '/backoffice/admin/activity admin',
      '/create/:jobId? auth',
      '/interview/:jobId public',
      '/application/:token public',
      '/share/:token public',
      '/embed/:jobId public',
      '/not-found public',
      '/not-supported public',
    ]);
  });

  it('gives the interview its onboarding, in-progress and end children', () => {
    const interview = ROUTE_TABLE.find((route) => route.id === 'interview');
    expect(interview?.children.map((child) => ('index' in child ? '' : child.path))).toEqual([
      '',
      'inprogress',
      'end',
    ]);
  });

  it('has unique ids and a title for every screen route', () => {
    const ids = ROUTE_TABLE.map((route) => route.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const route of ROUTE_TABLE) {
      if (!('redirectTo' in route)) expect(route.titleKey, route.id).toMatch(/^pageTitles\./);
    }
  });
});

describe('product parts stay lazily loaded chunks', () => {
  // A static import of src/interview or src/backoffice from the app shell would pull that part
  // into the first download; only import() may name them.
  const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
    query: '?raw',
    import: 'default',
    eager: true,
  });

  it.each(Object.entries(sources))(
    '%s imports the product parts only with import()',
    (_file, source) => {
      const staticImports = [
        ...source.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]/gm),
      ]
        .map((match) => match[1] ?? '')
        .filter((specifier) => /(^|\/)(interview|backoffice)(\/|$)/.test(specifier));
      expect(staticImports).toEqual([]);
    },
  );
});

describe('which screens render before all of Mantine’s rules are in', () => {
  it('is the invitation links alone, on the paths main.tsx starts without mantine-more.css', () => {
    const table: readonly AppRoute[] = ROUTE_TABLE;
    const screens = table.flatMap((route) => [
      ...(route.screen
        ? [{ path: route.path, firstLoadStylesOnly: route.firstLoadStylesOnly }]
        : []),
      ...(route.children ?? []).map((child) => ({
        path: child.index ? route.path : `${route.path}/${child.path}`,
        firstLoadStylesOnly: child.firstLoadStylesOnly,
      })),
    ]);
    const light = screens.filter((screen) => screen.firstLoadStylesOnly);
    expect(light.map((screen) => screen.path)).toEqual(['/interview/:jobId', '/embed/:jobId']);
    for (const screen of screens) {
      const examplePath = screen.path.replace(/:[a-zA-Z]+\??/g, 'job-1');
      expect(isInvitationPath(examplePath), screen.path).toBe(screen.firstLoadStylesOnly === true);
    }
  });
});
