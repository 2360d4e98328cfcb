/**
 * `<details data-dropdown>` menus: one open at a time, Escape closes and returns focus to the summary,
 * a click elsewhere closes, and `data-hover` ones also open on hover where a mouse and a wide screen exist.
 */
const HOVER_CLOSE_MS = 150;

export function enhanceDropdowns(): void {
  const menus = [...document.querySelectorAll<HTMLDetailsElement>('details[data-dropdown]')];
  if (!menus.length) return;
  const closeOthers = (keep: HTMLDetailsElement | null) => {
    for (const m of menus) if (m !== keep && m.open && !m.contains(keep)) m.open = false;
  };
  for (const menu of menus) {
    menu.addEventListener('toggle', () => {
      if (menu.open) closeOthers(menu);
    });
  }
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') return;
    const open = menus.filter((m) => m.open);
    const inner = open.find((m) => m.contains(document.activeElement)) ?? open[0];
    if (!inner) return;
    inner.open = false;
    inner.querySelector('summary')?.focus();
  });
  document.addEventListener('click', (e) => {
    const target = e.target as Element;
    // A tap on a menu's backdrop closes that menu and goes no further.
    const backdrop = target.closest?.('[data-dropdown-backdrop]');
    if (backdrop) {
      e.preventDefault();
      const menu = backdrop.closest('details');
      if (menu) menu.open = false;
      return;
    }
    for (const m of menus) if (m.open && !m.contains(target)) m.open = false;
  });
  const wide = window.matchMedia('(hover: hover) and (min-width: 992px)');
  for (const menu of menus.filter((m) => m.hasAttribute('data-hover'))) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A click right after hover opened the menu must not close it again.
    let openedByHover = false;
    menu.addEventListener('mouseenter', () => {
      if (!wide.matches) return;
      clearTimeout(timer);
      if (!menu.open) openedByHover = true;
      menu.open = true;
    });
    menu.querySelector('summary')?.addEventListener('click', (e) => {
      if (!openedByHover) return;
      openedByHover = false;
      e.preventDefault();
    });
    menu.addEventListener('mouseleave', () => {
      if (!wide.matches) return;
      openedByHover = false;
      timer = setTimeout(() => {
        if (!menu.contains(document.activeElement)) menu.open = false;
      }, HOVER_CLOSE_MS);
    });
  }
}
