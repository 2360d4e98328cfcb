import { z } from 'zod';
import { defineAction } from '@/server/core/action';
import { FinishSchema, OperatorSchema, SetDatabaseSchema } from '@/lib/schemas/install';
import { chooseDatabase, confirmPermissions, inTurn } from '@/server/install/wizard';
import { createOperator } from '@/server/install/operator';
import { finishInstall } from '@/server/install/finish';

/** The install wizard's steps 2–5 (the routes check the setup token first: src/server/web/install.ts). */

export const setDatabase = defineAction({
  name: 'install.database',
  input: SetDatabaseSchema,
  auth: 'any',
  run: (input) => chooseDatabase(input),
  message: 'install.done.database',
  back: '/install',
});

export const setPermission = defineAction({
  name: 'install.permission',
  input: z.object({}),
  auth: 'any',
  run: async () => ({ checks: confirmPermissions() }),
  message: 'install.done.permissions',
  back: '/install',
});

export const setAccount = defineAction({
  name: 'install.account',
  input: OperatorSchema,
  auth: 'any',
  upload: true,
  run: (input, actor) => inTurn(() => createOperator(input, actor)),
  message: 'install.done.account',
  data: (r) => ({ user_id: r.userId }),
  back: '/install',
  session: (r) => ({ open: r.token }),
});

export const finish = defineAction({
  name: 'install.finish',
  input: FinishSchema,
  auth: 'any',
  run: (input) => inTurn(() => finishInstall(input)),
  message: 'install.done.finished',
  back: '/',
});
