import { CheckIcon, ChevronDownIcon, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
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

/**
 * A text field that searches and a list to choose from (WAI-ARIA "combobox with list
 * autocomplete"): focus stays in the input, arrows move the active option
 * (`aria-activedescendant`), Enter chooses it, Escape or leaving the field closes the list and
 * shows the chosen label again. While typing, the first result is active, so Enter takes it.
 * The list is a Radix popover anchored to the input, so it flips above when there is no room
 * below and Escape closes it before any dialog around it.
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
  const [isOpen, setIsOpen] = useState(false);
  /** null while not typing: the input shows `selectedLabel`. */
  const [query, setQuery] = useState<string | null>(null);
  const [activeValue, setActiveValue] = useState<string | null>(null);
  const anchorRef = useRef<HTMLDivElement>(null);
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const activeIndex = getActiveIndex(options, activeValue, Boolean(query?.trim()));
  const activeOption = isOpen && activeIndex >= 0 ? options[activeIndex] : undefined;
  const activeId = activeOption ? optionId(activeIndex) : undefined;

  useEffect(() => {
    if (!activeId) return;
    // happy-dom (tests) has no scrollIntoView.
    document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  function open() {
    setIsOpen(true);
    setQuery(null);
    setActiveValue(null);
    onQueryChange('');
  }

  function close() {
    setIsOpen(false);
    setQuery(null);
    setActiveValue(null);
  }

  function choose(option: ComboboxOption) {
    onSelect(option);
    close();
  }

  function moveActive(step: 1 | -1) {
    if (options.length === 0) return;
    const from = activeIndex < 0 ? (step === 1 ? -1 : 0) : activeIndex;
    const next = (from + step + options.length) % options.length;
    setActiveValue(options[next]?.value ?? null);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        if (!isOpen) open();
        else moveActive(event.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Enter':
        // An open list takes Enter: it never submits the form around it.
        if (!isOpen) return;
        event.preventDefault();
        if (activeOption) choose(activeOption);
        break;
      // Escape: the popover's dismissable layer closes the list (and only the list).
    }
  }

  let liveText = '';
  if (isOpen) {
    liveText =
      options.length === 0
        ? emptyMessage
        : (footer ?? `${options.length} ${options.length === 1 ? 'resultado' : 'resultados'}`);
  }

  return (
    <Popover open={isOpen} onOpenChange={(next) => (next ? open() : close())}>
      <PopoverAnchor asChild>
        <div ref={anchorRef} className="relative">
          <Input
            id={id}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={isOpen}
            aria-controls={listboxId}
            aria-activedescendant={activeId}
            aria-describedby={aria['aria-describedby']}
            aria-invalid={aria['aria-invalid'] || undefined}
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            placeholder={placeholder}
            className="pr-9 text-ellipsis"
            value={query ?? selectedLabel}
            onChange={(event) => {
              setIsOpen(true);
              setQuery(event.target.value);
              setActiveValue(null);
              onQueryChange(event.target.value);
            }}
            onClick={(event) => {
              if (isOpen) return;
              open();
              // Typing replaces the chosen name instead of appending to it.
              event.currentTarget.select();
            }}
            onKeyDown={handleKeyDown}
            onBlur={close}
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
          id={listboxId}
          role="listbox"
          aria-label={listLabel}
          className={cn(
            'min-h-0 flex-1 overflow-y-auto overscroll-contain',
            options.length > 0 && 'p-1',
          )}
        >
          {options.map((option, index) => {
            const isActive = index === activeIndex;
            return (
              <div
                key={option.value}
                id={optionId(index)}
                role="option"
                aria-selected={isActive}
                data-active={isActive || undefined}
                className="relative flex min-h-11 cursor-pointer flex-col justify-center rounded-sm py-1.5 pr-8 pl-2 text-sm select-none data-[active]:bg-accent data-[active]:text-accent-foreground"
                onPointerMove={(event) => {
                  if (event.pointerType === 'mouse' && !isActive) setActiveValue(option.value);
                }}
                onClick={() => choose(option)}
              >
                <span className="truncate">{option.label}</span>
                {option.description ? (
                  <span className="truncate text-xs text-muted-foreground">
                    {option.description}
                  </span>
                ) : null}
                {option.value === value ? (
                  <CheckIcon
                    className="absolute top-1/2 right-2 size-4 -translate-y-1/2"
                    aria-hidden="true"
                  />
                ) : null}
              </div>
            );
          })}
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

/** The active option: the one the arrows reached, else the first result while typing. */
function getActiveIndex(
  options: readonly ComboboxOption[],
  activeValue: string | null,
  isTyping: boolean,
): number {
  const index = activeValue === null ? -1 : options.findIndex((o) => o.value === activeValue);
  if (index >= 0) return index;
  return isTyping && options.length > 0 ? 0 : -1;
}
