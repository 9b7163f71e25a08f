import { CheckIcon, ChevronDownIcon, LoaderCircle } from 'lucide-react';
import { useCombobox, type UseComboboxState, type UseComboboxStateChangeOptions } from 'downshift';
import { useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { Input } from './input';
import { Popover, PopoverAnchor, PopoverContent } from './popover';

export interface ComboboxOption {
  value: string;
  label: string;
  /** A second, muted line (e.g. the e-mail that tells two namesakes apart). */
  description?: string;
}

export interface ComboboxProps {
  /** The input's id: the FormField's label points at it. */
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  /** The chosen option's value; '' for none. */
  value: string;
  /** What the field shows while nobody types: the chosen option's label ('' for none). */
  selectedLabel: string;
  onSelect: (option: ComboboxOption) => void;
  /** What is typed, as it is typed ('' when the list opens afresh): the caller searches with it. */
  onQueryChange: (query: string) => void;
  /** The current results, in order. */
  options: readonly ComboboxOption[];
  /** In the list when it has no options: loading, nothing found, an error. */
  emptyMessage: string;
  /** Under the options (e.g. "Mostrando 20 de 134"). */
  footer?: string;
  /** A search is on its way: a spinner replaces the chevron. */
  isBusy?: boolean;
  placeholder?: string;
  /** The listbox's accessible name. */
  listLabel: string;
}

const types = useCombobox.stateChangeTypes;

/**
 * A text field that searches and a list to choose from (WAI-ARIA "combobox with list
 * autocomplete"), its state, keys and ARIA from downshift's `useCombobox`: focus stays in the
 * input, arrows move the highlighted option, Enter chooses it, Escape or leaving the field closes
 * the list and shows the chosen label again. While typing, the first result is highlighted, so
 * Enter takes it. The list is a Radix popover anchored to the input, so it flips above when there
 * is no room below and Escape closes it before any dialog around it.
 */
export function Combobox({
  id,
  value,
  selectedLabel,
  onSelect,
  onQueryChange,
  options,
  emptyMessage,
  footer,
  isBusy,
  placeholder,
  listLabel,
  ...aria
}: ComboboxProps) {
  /** null while not typing: the input shows `selectedLabel`. */
  const [query, setQuery] = useState<string | null>(null);
  const anchorRef = useRef<HTMLDivElement>(null);
  // downshift calls onIsOpenChange from an effect, which Preact runs a frame after the tap: keys
  // typed in between must survive its "opened afresh" reset.
  const typedSinceOpen = useRef(false);
  const selectedItem = value ? { value, label: selectedLabel } : null;

  const { isOpen, highlightedIndex, getInputProps, getMenuProps, getItemProps, closeMenu } =
    useCombobox<ComboboxOption>({
      id,
      inputId: id,
      menuId: `${id}-listbox`,
      items: options as ComboboxOption[],
      itemToString: (option) => option?.label ?? '',
      itemToKey: (option) => option?.value,
      selectedItem,
      inputValue: query ?? selectedLabel,
      stateReducer: keepChoiceReducer,
      onSelectedItemChange: ({ selectedItem: chosen }) => {
        if (chosen) onSelect(chosen);
      },
      onIsOpenChange: ({ isOpen: opened, type }) => {
        // Typing into a closed field opens it with what was typed.
        if (type === types.InputChange) return;
        if (opened && typedSinceOpen.current) return;
        typedSinceOpen.current = false;
        // Opened afresh: the whole first page; closed: the chosen label again.
        setQuery(null);
        if (opened) onQueryChange('');
      },
    });

  let liveText = '';
  if (isOpen) {
    liveText =
      options.length === 0
        ? emptyMessage
        : (footer ?? `${options.length} ${options.length === 1 ? 'resultado' : 'resultados'}`);
  }

  const inputProps = getInputProps({
    'aria-labelledby': undefined,
    'aria-describedby': aria['aria-describedby'],
    'aria-invalid': aria['aria-invalid'] || undefined,
    autoCapitalize: 'off',
    autoCorrect: 'off',
    spellCheck: false,
    placeholder,
    className: 'pr-9 text-ellipsis',
    // What is typed is kept in the input's own change event, not in downshift's
    // onInputValueChange: that runs in an effect, a render late, and a render with the
    // old value in between drops the next key on a slow phone (downshift #1108).
    onChange: (event) => {
      const typed = event.currentTarget.value;
      setQuery(typed);
      onQueryChange(typed);
    },
    // Typing after a click replaces the chosen name instead of appending to it.
    onClick: (event) => {
      if (!isOpen) event.currentTarget.select();
    },
  });

  return (
    <Popover open={isOpen} onOpenChange={(next) => (next ? undefined : closeMenu())}>
      <PopoverAnchor asChild>
        <div ref={anchorRef} className="relative">
          <Input
            {...inputProps}
            onChange={(event) => {
              typedSinceOpen.current = true;
              inputProps.onChange?.(event);
            }}
          />
          <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-muted-foreground">
            {isBusy ? (
              <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            ) : (
              <ChevronDownIcon className="size-4 opacity-60" aria-hidden="true" />
            )}
          </span>
        </div>
      </PopoverAnchor>
      <span className="sr-only" role="status" aria-live="polite">
        {liveText}
      </span>
      <PopoverContent
        data-slot="combobox-content"
        role="presentation"
        align="start"
        collisionPadding={8}
        className="flex max-h-[min(20rem,var(--radix-popover-content-available-height))] w-(--radix-popover-trigger-width) min-w-56 flex-col overflow-hidden p-0"
        // Focus stays in the input; nothing in the list takes it.
        onOpenAutoFocus={(event) => event.preventDefault()}
        onCloseAutoFocus={(event) => event.preventDefault()}
        onMouseDown={(event) => event.preventDefault()}
        onInteractOutside={(event) => {
          if (anchorRef.current?.contains(event.target as Node)) event.preventDefault();
        }}
      >
        <div
          {...getMenuProps(
            {
              'aria-label': listLabel,
              className: cn(
                'min-h-0 flex-1 overflow-y-auto overscroll-contain',
                options.length > 0 && 'p-1',
              ),
            },
            // The popover mounts the list only while it is open.
            { suppressRefError: true },
          )}
        >
          {options.map((option, index) => (
            <div
              key={option.value}
              {...getItemProps({ item: option, index })}
              data-active={index === highlightedIndex || undefined}
              className="relative flex min-h-11 cursor-pointer flex-col justify-center rounded-sm py-1.5 pr-8 pl-2 text-sm select-none data-[active]:bg-accent data-[active]:text-accent-foreground"
            >
              <span className="truncate">{option.label}</span>
              {option.description ? (
                <span className="truncate text-xs text-muted-foreground">{option.description}</span>
              ) : null}
              {option.value === value ? (
                <CheckIcon
                  className="absolute top-1/2 right-2 size-4 -translate-y-1/2"
                  aria-hidden="true"
                />
              ) : null}
            </div>
          ))}
        </div>
        {options.length === 0 || footer ? (
          <p
            className={cn(
              'px-3 text-muted-foreground',
              options.length === 0 ? 'py-6 text-center text-sm' : 'border-t py-2 text-xs',
            )}
          >
            {options.length === 0 ? emptyMessage : footer}
          </p>
        ) : null}
      </PopoverContent>
    </Popover>
  );
}

/**
 * Downshift's defaults, with the product's choices: leaving the field keeps the chosen client
 * (downshift would take the highlighted one), a click only opens the list, and typing highlights
 * the first result. Escape's clearing never lands: the choice is the caller's (`selectedItem`).
 */
function keepChoiceReducer(
  state: UseComboboxState<ComboboxOption>,
  { type, changes }: UseComboboxStateChangeOptions<ComboboxOption>,
): Partial<UseComboboxState<ComboboxOption>> {
  switch (type) {
    case types.InputBlur:
      return { ...changes, selectedItem: state.selectedItem };
    case types.InputClick:
      return { ...changes, isOpen: true };
    case types.InputChange:
      return { ...changes, isOpen: true, highlightedIndex: changes.inputValue?.trim() ? 0 : -1 };
    default:
      return changes;
  }
}
