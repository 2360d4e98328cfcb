/**
 * With JavaScript the state select lists only the chosen country's states (without it, every
 * state is listed, grouped by country, and the server checks the pair).
 */
function bind(form: HTMLFormElement): void {
  const country = form.querySelector<HTMLSelectElement>('select[name="country"]');
  const state = form.querySelector<HTMLSelectElement>('select[name="state"]');
  if (!country || !state || state.dataset.bound) return;
  state.dataset.bound = '1';
  const placeholder = state.querySelector('option[value=""]')!.cloneNode(true) as HTMLOptionElement;
  const groups = [...state.querySelectorAll('optgroup')].map((g) => g.cloneNode(true) as HTMLOptGroupElement);
  const noStates = state.dataset.noStates ?? '';
  const apply = () => {
    const keep = state.value;
    const mine = groups.find((g) => g.dataset.country === country.value);
    const options = mine ? [...mine.querySelectorAll('option')].map((o) => o.cloneNode(true) as HTMLOptionElement) : [];
    const first = placeholder.cloneNode(true) as HTMLOptionElement;
    if (!options.length) first.textContent = noStates;
    state.replaceChildren(first, ...options);
    state.value = options.some((o) => o.value === keep) ? keep : '';
    state.disabled = options.length === 0;
  };
  country.addEventListener('change', apply);
  apply();
}

const bindAll = () => document.querySelectorAll<HTMLFormElement>('form[data-address-form]').forEach(bind);
bindAll();
document.addEventListener('account:refreshed', bindAll);
