/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    lang: string;
    dir: 'ltr' | 'rtl';
    settings: import('./lib/schemas/settings').Settings;
    saveData: boolean;
    user: import('./server/users/identity').SessionUser | null;
    guestToken: string | null;
    sessionHash: string | null;
    /** A one-time message from the previous request (see server/http/flash.ts), shown as the toast. */
    flash: import('./server/http/flash').Flash | null;
  }
}
