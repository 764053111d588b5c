import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths,
  authMessages,
  errorResponseSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  meResponseSchema,
  messageResponseSchema,
  profileResponseSchema,
  profileSchema,
  resetPasswordRequestSchema,
  signupRequestSchema,
  signupResponseSchema,
  verifyResetCodeRequestSchema,
  verifyResetCodeResponseSchema,
} from '@vaultscope/core';
import { currentUser, requireUser } from '../lib/session/session';
import { type Accounts, toUser } from './accounts';
import type { PasswordReset } from './password-reset';
import type { Sessions } from './sessions';

/**
 * Runs `work` once the answer has left (or the client went away before it did), so that nothing
 * it does can change the answer or its timing.
 */
function afterAnswer(reply: FastifyReply, work: () => void): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    work();
  };
  reply.raw.once('finish', start);
  reply.raw.once('close', start);
}

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};

export interface AuthRoutesOptions {
  accounts: Accounts;
  sessions: Sessions;
  passwordReset: PasswordReset;
  /** Ends what other features keep for a session that logs out (the wallet's unlock). */
  onLogout: (userId: string, sessionToken: string) => void;
}

export async function authRoutes(
  fastify: FastifyInstance,
  { accounts, sessions, passwordReset, onLogout }: AuthRoutesOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Mail still on its way is sent before the database closes.
  app.addHook('onClose', () => passwordReset.settled());

  app.post(
    apiPaths.signup,
    {
      // The slot is taken on arrival, so bodies refused by the parser or the schema count too.
      onRequest: async (request) => accounts.takeSignupSlot(request.ip),
      schema: {
        tags: ['user'],
        body: signupRequestSchema,
        response: { 201: signupResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await accounts.signup(request.body, request.ip);
      return reply.code(201).send({ message: authMessages.signupSuccess, data: { user } });
    },
  );

  app.post(
    apiPaths.login,
    {
      schema: {
        tags: ['user'],
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user, token, deviceToken } = await accounts.login(request.body, request.ip);
      return {
        message: authMessages.loginSuccess,
        data: { user, status: true, token, deviceToken },
      };
    },
  );

  app.post(
    apiPaths.logout,
    {
      preHandler: requireUser,
      schema: {
        tags: ['user'],
        response: { 200: messageResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      if (request.sessionToken) {
        await sessions.revoke(request.sessionToken);
        onLogout(currentUser(request).id, request.sessionToken);
      }
      return { message: authMessages.loggedOut };
    },
  );

  for (const path of [apiPaths.me, apiPaths.profile]) {
    app.get(
      path,
      {
        preHandler: requireUser,
        schema: { tags: ['user'], response: { 200: meResponseSchema, 401: errorResponseSchema } },
      },
      async (request) => ({ data: { user: toUser(currentUser(request)) } }),
    );
  }

  app.put(
    apiPaths.profile,
    {
      preHandler: requireUser,
      schema: {
        tags: ['user'],
        body: profileSchema.strict(),
        response: { 200: profileResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await accounts.updateProfile(currentUser(request).id, request.body);
      return { message: authMessages.profileUpdated, data: { user } };
    },
  );

  app.post(
    apiPaths.forgotPassword,
    {
      schema: {
        tags: ['password reset'],
        body: forgotPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const sendCode = await passwordReset.request(request.body.email, request.ip);
      afterAnswer(reply, sendCode);
      return { message: authMessages.resetCodeSent };
    },
  );

  app.post(
    apiPaths.verifyResetCode,
    {
      schema: {
        tags: ['password reset'],
        body: verifyResetCodeRequestSchema,
        response: { 200: verifyResetCodeResponseSchema, ...errors },
      },
    },
    async (request) => {
      const resetToken = await passwordReset.verify(
        request.body.email,
        request.body.code,
        request.ip,
      );
      return { message: 'Code verified', data: { resetToken } };
    },
  );

  app.post(
    apiPaths.resetPassword,
    {
      schema: {
        tags: ['password reset'],
        body: resetPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await passwordReset.reset(request.body);
      return { message: authMessages.resetDone };
    },
  );
}
