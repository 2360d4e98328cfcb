import { atom } from 'nanostores';

/** The spec's toast: success sets the message visible; error sets the error flag; hiding clears both. */
export interface ToastState {
  message: string;
  visible: boolean;
  error: boolean;
}

/** How long a toast stays (the spec's section 9). */
export const TOAST_MS = 5000;

export const $toast = atom<ToastState>({ message: '', visible: false, error: false });

let timer: ReturnType<typeof setTimeout> | undefined;

function show(message: string, error: boolean): void {
  $toast.set({ message, visible: true, error });
  if (timer) clearTimeout(timer);
  timer = setTimeout(hideToast, TOAST_MS);
}

/** Shows a success toast; the default text is the translated 'success' the caller passes. */
export const showSuccess = (message: string) => show(message, false);
export const showError = (message: string) => show(message, true);

export function hideToast(): void {
  if (timer) clearTimeout(timer);
  timer = undefined;
  $toast.set({ message: '', visible: false, error: false });
}
