/** billing.accounts.get answer. */
export interface BillingAccount {
  ownerId: string;
  currentPackage: string;
  apiCallsUsed: number;
  apiCallsLimit: number;
  warningLevel: number;
}
