import type { Feature } from '@candid/domain';
import type { ComponentType } from 'react';

/**
 * Who may open a route:
 * - `public`: anyone, logged in or not;
 * - `guestOnly`: only when logged out (login, signup); a logged-in user goes to the applicants;
 * - `auth`: a logged-in user with a verified email;
 * - `admin`: `auth` and role admin;
 * - `{ permission }`: `auth` and the plan feature (e.g. TEMPLATES).
 */
export type RouteAccess = 'public' | 'guestOnly' | 'auth' | 'admin' | { permission: Feature };

/** A screen module: its default export is the route's component (a lazily loaded chunk). */
export type ScreenModule = { default: ComponentType };
export type LazyScreen = () => Promise<ScreenModule>;

/** A child of a layout route; it inherits the parent's access. */
export interface AppChildRoute {
  id: string;
  /** Relative path; omit with `index: true` for the parent's own path. */
  path?: string;
  index?: boolean;
  titleKey?: string;
  screen: LazyScreen;
  /**
   * An invitation link's first screen: it renders with mantine-first.css alone, without waiting
   * for mantine-more.css (common/ui/mantine-styles.ts), which every other screen waits for.
   */
  firstLoadStylesOnly?: true;
}

export interface AppRoute {
  /** Stable name of the route, also the React Router route id. */
  id: string;
  /** Absolute React Router pattern, e.g. '/backoffice/applicant/:jobId?'. */
  path: string;
  access: RouteAccess;
  /** i18n key of the page title; without it the title is the product name alone. */
  titleKey?: string;
  /** The screen; a layout route without one renders its children. */
  screen?: LazyScreen;
  /**
   * An invitation link's first screen: it renders with mantine-first.css alone, without waiting
   * for mantine-more.css (common/ui/mantine-styles.ts), which every other screen waits for.
   */
  firstLoadStylesOnly?: true;
  /**
   * Where a reviewer goes instead: they watch, rate and write notes on their jobs' applicants, so
   * a screen that only changes jobs or templates is not theirs (the server refuses it anyway).
   * Given the path, so a job's editor can send them to that job's applicants.
   */
  reviewerRedirect?: (pathname: string) => string;
  /** The route only forwards here (after its access is checked). */
  redirectTo?: string;
  children?: readonly AppChildRoute[];
}

/** What a route hands to the shell through React Router's `handle`. */
export interface RouteHandle {
  titleKey?: string;
}
