// The technical break (TECHNICAL_BREAK) on the collection page. The panel learns of it from GET /api/status and shows
// its break screen; the collection page's calls answer it themselves, 503 TECHNICAL_BREAK, so that a page opened
// before the break, or a recipient in the middle of the wizard, shows the break screen and nothing is collected.
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public call of the collection page (its look, the SMS sign-in): closed during a technical break. */
    collectionPage?: boolean;
  }
}

/**
 * Closes the collection page's calls during a break: its public ones, and whatever a recipient's session calls (its
 * payouts, bank accounts, collecting, the payment routes). Registered after the session hook, so the session is known,
 * and before the collection plugins load (an awaited register): a plugin copies its parent's hooks as it loads.
 */
export function collectionPageBreak(app: FastifyInstance): void {
  if (!app.config.technicalBreak) return;
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.collectionPage || request.auth?.user.type === 'RECIPIENT') throw new AppError(503, 'TECHNICAL_BREAK');
  });
}
