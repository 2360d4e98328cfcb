import { useState } from 'react';

/** Test-only island (src/pages/test-only/island.astro): proves `client:interaction` hydrates on demand. */
export default function PressCounter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" data-hydrated={count >= 0 ? 'yes' : 'no'} onClick={() => setCount((c) => c + 1)}>
      Pressed {count} times
    </button>
  );
}
