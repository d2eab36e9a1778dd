import type { LogRecord, RecordListResponse } from '@candid/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen, TEST_USER } from '../../../common/test/render-screen';
import RecordOverviewPage from './record-overview-page';

const ADMIN = { ...TEST_USER, role: 'admin' as const };

function makeRecord(patch: Partial<LogRecord> = {}): LogRecord {
  return {
    _id: 'r1',
    timestamp: '2026-11-26T08:30:15.000Z',
    level: 'error',
    message: 'PUT applicant failed: no answer NETWORK_ERR',
    meta: {
      source: 'frontend',
      traceId: 'req-42',
      statusCode: 503,
      path: '/interview/job-1',
      applicant: {
        id: 'app-7',
        info: { fName: 'Yael', lName: 'Cohen', email: 'yael@example.com' },
      },
      environment: 'staging',
      error: {
        message: 'Failed to fetch',
        stack: 'TypeError: Failed to fetch\n    at send (api-client.ts:10)',
      },
    },
    ...patch,
  };
}

function page(records: LogRecord[], total = records.length): { body: RecordListResponse } {
  return { body: { records, totalRecordCount: total, totalRecordCountCapped: false } };
}

describe('RecordOverviewPage (admin records)', () => {
  it('lists records newest first and opens a row to show where, who and the stack', async () => {
    renderScreen(<RecordOverviewPage />, {
      path: '/backoffice/admin/record',
      user: ADMIN,
      routes: {
        'GET record': page([
          makeRecord(),
          makeRecord({
            _id: 'r2',
            level: 'warn',
            message: 'slow network',
            meta: { source: 'backend', user: { _id: 'u1', fName: 'Rina', lName: 'Katz' } },
          }),
        ]),
      },
    });
    const rows = await screen.findAllByTestId('record-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('PUT applicant failed: no answer NETWORK_ERR')).toBeVisible();
    // The level shows once per layout (phone and wider); jsdom applies no media queries.
    expect(within(rows[0]!).getAllByText('Error')[0]).toBeVisible();
    expect(within(rows[1]!).getByText('Rina Katz')).toBeInTheDocument();
    expect(screen.getByTestId('record-count')).toHaveTextContent('2');

    const toggle = within(rows[0]!).getByRole('button', { name: 'Show details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    const details = await screen.findByTestId('record-details');
    expect(within(details).getByText('req-42')).toBeVisible();
    expect(within(details).getByText('/interview/job-1')).toBeVisible();
    expect(within(details).getByText('app-7')).toBeVisible();
    // The candidate by name and address, and where the app ran.
    expect(within(details).getByText('Yael Cohen (Candidate)')).toBeVisible();
    expect(within(details).getByText('yael@example.com')).toBeVisible();
    expect(within(details).getByText('staging')).toBeVisible();
    expect(within(details).getByText(/at send \(api-client\.ts:10\)/)).toBeVisible();
    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Hide details' }));
    expect(screen.queryByTestId('record-details')).toBeNull();
  });

  it('sends the filters to the server and starts again at page 1', async () => {
    const view = renderScreen(<RecordOverviewPage />, {
      path: '/backoffice/admin/record',
      initialEntry: '/backoffice/admin/record?currPage=2',
      user: ADMIN,
      routes: { 'GET record': page([makeRecord()], 120) },
    });
    await screen.findAllByTestId('record-row');
    await userEvent.type(screen.getByRole('textbox', { name: 'User' }), 'rina');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Warning' }));
    await waitFor(() => {
      const last = view.fetchMock.calls.filter((call) => call.path.startsWith('record')).at(-1)!;
      const params = new URLSearchParams(last.path.split('?')[1]);
      expect(params.get('userTxt')).toBe('rina');
      expect(params.get('levels')).toBe('warn');
      expect(params.get('currPage')).toBe('1');
      expect(params.get('itemsPerPage')).toBe('50');
    });
    expect(view.currentUrl()).toContain('userTxt=rina');
  });

  it('says when no record matches the filters', async () => {
    renderScreen(<RecordOverviewPage />, {
      path: '/backoffice/admin/record',
      initialEntry: '/backoffice/admin/record?levels=error',
      user: ADMIN,
      routes: { 'GET record': page([]) },
    });
    expect(await screen.findByText('No exact matches')).toBeVisible();
  });

  it('says when there are no records at all', async () => {
    renderScreen(<RecordOverviewPage />, {
      path: '/backoffice/admin/record',
      user: ADMIN,
      routes: { 'GET record': page([]) },
    });
    expect(await screen.findByText('No error records')).toBeVisible();
  });
});
