import { screen, within } from '@testing-library/react';
import { json } from '../../../test/fake-api';
import { aCustomer } from '../../../test/fixtures/customers';
import { renderSignedIn } from '../../../test/render-app';

describe('/customers: test data', () => {
  it('badges the simulated customers Test, and only them', async () => {
    renderSignedIn('/customers', undefined, {
      'GET /api/customers': () =>
        json(200, [
          aCustomer({ id: 'c-1', name: 'Tester', isTest: true }),
          aCustomer({ id: 'c-2', name: 'Omar', isTest: false }),
        ]),
    });
    const rows = await screen.findAllByTestId('customer-row');
    expect(
      rows.map((row) => [
        within(row).getByTestId('customer-name').textContent,
        within(row).queryByTestId('test-badge')?.textContent ?? null,
      ]),
    ).toEqual([
      ['Tester', 'Test'],
      ['Omar', null],
    ]);
  });
});
