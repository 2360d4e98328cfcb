import { atom } from 'nanostores';

/** The spec's toast: success sets the message visible; error sets the error flag; hiding clears both. */
export interface ToastState {
  message: string;
  visible: boolean;
  error: boolean;
  /** A heading shown above the message (the spec's compare failure: 'Error'); empty for none. */
  title: string;
}

/** How long a toast stays (the spec's section 9). */
export const TOAST_MS = 5000;

export const $toast = atom<ToastState>({ message: '', visible: false, error: false, title: '' });

let timer: ReturnType<typeof setTimeout> | undefined;

function show(message: string, error: boolean, title = ''): void {
  $toast.set({ message, visible: true, error, title });
  if (timer) clearTimeout(timer);
  timer = setTimeout(hideToast, TOAST_MS);
}

/** Shows a success toast; the default text is the translated 'success' the caller passes. */
export const showSuccess = (message: string) => show(message, false);
export const showError = (message: string, title?: string) => show(message, true, title);

export function hideToast(): void {
  if (timer) clearTimeout(timer);
  timer = undefined;
  $toast.set({ message: '', visible: false, error: false, title: '' });
}
