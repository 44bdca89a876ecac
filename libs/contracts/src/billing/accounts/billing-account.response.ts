/** billing.accounts.get answer. */
export interface BillingAccount {
  ownerId: string;
  currentPackage: string;
  apiCallsUsed: number;
  /** null: unlimited. */
  apiCallsLimit: number | null;
  warningLevel: number;
}
