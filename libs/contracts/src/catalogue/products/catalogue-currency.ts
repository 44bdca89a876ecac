/** catalogue.currency.set: the business's currency from now on (ISO 4217, one of CURRENCIES). */
export interface SetCatalogueCurrencyRequest {
  currency: string;
}

/** How many of the owner's products were relabelled in the new currency. */
export interface SetCatalogueCurrencyResponse {
  currency: string;
  relabelled: number;
}
