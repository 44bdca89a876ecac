import { fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

function openDropdown(select: HTMLElement): void {
  fireEvent.mouseDown(within(select).getByRole('combobox'));
}

/** The open popup of the select that was opened last. */
async function openPopup(): Promise<HTMLElement> {
  let popup: HTMLElement | undefined;
  await waitFor(() => {
    popup = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown')]
      .filter((element) => !element.classList.contains('ant-select-dropdown-hidden'))
      .at(-1);
    if (!popup) throw new Error('No open select popup');
  });
  return popup as HTMLElement;
}

/**
 * Picks `label` in the antd Select whose root is `select` (the element that carries its data-testid).
 * antd opens its list on mouse down and renders the options in a popup outside the select.
 */
export async function chooseOption(select: HTMLElement, label: string): Promise<void> {
  openDropdown(select);
  const popup = await openPopup();
  const option = await within(popup).findByText(label, { selector: '.ant-select-item-option-content' });
  await userEvent.click(option);
}

/** The labels a Select offers, in order (opens its list, reads it and closes it again). */
export async function optionsOf(select: HTMLElement): Promise<string[]> {
  openDropdown(select);
  const popup = await openPopup();
  const labels = [...popup.querySelectorAll('.ant-select-item-option-content')].map(
    (option) => option.textContent ?? '',
  );
  openDropdown(select); // a second press closes it
  return labels;
}
