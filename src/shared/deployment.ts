// The spec's two deployments, test and production, each with its own backend address. The test one says so on every
// page (the panel's and the collection page's banner), so that nobody takes its money for real.
export const DEPLOYMENTS = ['test', 'production'] as const;
export type Deployment = (typeof DEPLOYMENTS)[number];
