/**
 * The pay page's form: loads the gateway's own script (Stripe.js, Razorpay Checkout) from the origin the
 * page's CSP allows, mounts its widget and confirms there. Card data stays inside the gateway's frames.
 */
interface PayData {
  gateway: 'stripe' | 'razorpay';
  script: string;
  key: string;
  clientSecret: string | null;
  extra: Record<string, unknown>;
  returnUrl: string;
  callback: string;
  shop: string;
}

interface StripeLike {
  elements(options: { clientSecret: string }): { create(kind: 'payment'): { mount(el: HTMLElement): void } };
  confirmPayment(options: { elements: unknown; confirmParams: { return_url: string } }): Promise<{ error?: { message?: string } }>;
}

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', cb: (response: { error?: { description?: string } }) => void): void;
}

declare global {
  interface Window {
    Stripe?: (key: string) => StripeLike;
    Razorpay?: new (options: Record<string, unknown>) => RazorpayInstance;
  }
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = src;
    s.async = true;
    s.onload = () => resolve();
    s.onerror = () => reject(new Error(`could not load ${src}`));
    document.head.append(s);
  });
}

export async function startPayForm(): Promise<void> {
  const form = document.querySelector<HTMLFormElement>('#pay-form');
  const mountAt = document.querySelector<HTMLElement>('#pay-element');
  const submit = document.querySelector<HTMLButtonElement>('#pay-submit');
  const errorBox = document.querySelector<HTMLElement>('#pay-error');
  if (!form?.dataset.pay || !mountAt || !submit || !errorBox) return;
  const data = JSON.parse(form.dataset.pay) as PayData;
  const showError = (message: string) => {
    errorBox.textContent = message;
    errorBox.hidden = !message;
  };
  try {
    await loadScript(data.script);
  } catch {
    showError(mountAt.dataset.failed ?? 'The payment form could not be loaded. Please reload the page.');
    return;
  }
  if (data.gateway === 'stripe' && window.Stripe && data.clientSecret) {
    const stripe = window.Stripe(data.key);
    const elements = stripe.elements({ clientSecret: data.clientSecret });
    mountAt.replaceChildren();
    elements.create('payment').mount(mountAt);
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      submit.disabled = true;
      showError('');
      const { error } = await stripe.confirmPayment({ elements, confirmParams: { return_url: data.returnUrl } });
      // Only reached when the payment could not be confirmed: Stripe otherwise goes to return_url.
      if (error) showError(error.message ?? '');
      submit.disabled = false;
    });
    submit.disabled = false;
  }
  if (data.gateway === 'razorpay' && window.Razorpay) {
    mountAt.replaceChildren();
    const checkout = new window.Razorpay({
      key: data.key,
      order_id: data.extra.order_id,
      amount: data.extra.amount,
      currency: data.extra.currency,
      name: data.shop,
      description: data.extra.description,
      prefill: { email: data.extra.email },
      // Razorpay hands the signed ids to the page; our server checks the signature (/razorpay-callback).
      handler: (response: Record<string, string>) => {
        const post = document.createElement('form');
        post.method = 'post';
        post.action = data.callback;
        for (const name of ['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature']) {
          const input = document.createElement('input');
          input.type = 'hidden';
          input.name = name;
          input.value = response[name] ?? '';
          post.append(input);
        }
        document.body.append(post);
        post.submit();
      },
    });
    checkout.on('payment.failed', (response) => showError(response.error?.description ?? ''));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      showError('');
      checkout.open();
    });
    submit.disabled = false;
  }
}
