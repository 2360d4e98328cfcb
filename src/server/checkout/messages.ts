/** The spec's shipping messages (section 5), word for word. */
export const NO_ADDRESS = 'Please add an address first.';
export const UNABLE_TO_SHIP = 'Product is unable to be shipped.';
export const NOTHING_SELECTED = "You don't have any product selected. Please a select a product first.";

/** The standard promise (spec sections 1 and 9), shown per store. */
export const STANDARD_DAYS = '3-7';
