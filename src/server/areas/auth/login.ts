// Staff login, under the auth area's prefix (/api), in the three variants of the spec:
//   LOGIN_PASSWORD  user name + password; an unknown device must confirm an SMS code
//   LOGIN           user name only; an SMS code always follows
//   PHONE           phone number only; an SMS code always follows
//   POST {prefix}/login             the first step: a session, or { authorize: true } when an SMS code follows
//   POST {prefix}/login/authorize   the SMS code: a session
// Every guess is charged to the lockout before it is checked (platform/auth/lockout.ts), and the routes are rate limited
// per source (platform/auth/rateLimit.ts). The steps are in loginSteps.ts.
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import { authRateLimit } from '../../platform/auth/rateLimit.ts';
import { hashOneTimeCode, hashToken, newNumericCode, verifyOneTimeCode, verifyPassword } from '../../platform/auth/secrets.ts';
import { statedLanguage } from '../../platform/texts.ts';
import { loadSchema } from '../../validation.ts';
import { loginSteps, required, type LoginBody } from './loginSteps.ts';

const session = loadSchema('responses/session');

export function loginRoutes(app: FastifyInstance): void {
  const steps = loginSteps(app);
  const rateLimit = authRateLimit(app.config);

  app.post<{ Body: LoginBody }>(
    '/login',
    { config: { public: true, rateLimit }, schema: { body: loadSchema('forms/login'), response: { 200: { anyOf: [loadSchema('responses/code-sent'), session] } } } },
    async (request) => {
      const body = request.body;
      const ctx = await steps.context(body);
      if (ctx.variant === 'LOGIN_PASSWORD' && !body.password) throw required('password');
      const { user, trusted, charge } = await steps.chargeGuess(ctx, body.device, request.ip);

      if (ctx.variant !== 'LOGIN_PASSWORD') {
        // Whether or not the user exists, the answer is the same: nothing to learn by probing. Making a code is the
        // slow part (scrypt), so a number without a user costs the same work.
        if (user) await steps.sendCode(user, 'LOGIN', body.device, statedLanguage(request));
        else await hashOneTimeCode(newNumericCode(6));
        return { authorize: true };
      }
      const ok = await verifyPassword(body.password!, user?.password_hash);
      if (!ok || !user) throw (await steps.failGuess(charge)) ?? new AppError(400, 'INVALID_CREDENTIALS');
      await steps.passGuess(charge);
      await steps.renewPasswordHash(user, body.password!);
      if (app.config.deviceAuthorization && !trusted) {
        await steps.sendCode(user, 'DEVICE', body.device, statedLanguage(request));
        return { authorize: true };
      }
      return steps.startSession(user);
    },
  );

  app.post<{ Body: LoginBody }>(
    '/login/authorize',
    { config: { public: true, rateLimit }, schema: { body: loadSchema('forms/login-authorize'), response: { 200: session } } },
    async (request) => {
      const body = request.body;
      const ctx = await steps.context(body);
      const { user, charge } = await steps.chargeGuess(ctx, body.device, request.ip);
      const purposes: ('LOGIN' | 'DEVICE')[] = ctx.variant === 'LOGIN_PASSWORD' ? ['DEVICE'] : ['LOGIN'];
      const deviceHash = body.device ? hashToken(body.device) : null;
      const code = body.verificationCode!.trim();
      const ok = user ? await steps.checkCode(user.id, purposes, code, deviceHash) : await verifyOneTimeCode(code, null);
      if (!ok || !user) throw (await steps.failGuess(charge)) ?? new AppError(400, 'INVALID_VERIFICATION_CODE');
      await steps.passGuess(charge);
      if (deviceHash) await steps.trustDevice(user.id, deviceHash);
      return steps.startSession(user);
    },
  );
}
