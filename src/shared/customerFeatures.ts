// Features a customer has on or off by a setting. A navigation entry may name one (screens.json, `nav.feature`):
// it then shows only to the users of a customer with the feature on. /api/me lists the customer's features.
export const CUSTOMER_FEATURES = ['api'] as const;
export type CustomerFeature = (typeof CUSTOMER_FEATURES)[number];

/** The boolean customer setting that turns each feature on. */
export const FEATURE_SETTINGS: Record<CustomerFeature, string> = { api: 'API_ENABLED' };
