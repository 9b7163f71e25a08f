import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import type { FormFieldControlProps } from '@/components/ui/form-field';

export interface ChoiceSelectProps {
  /** The id and description a FormField hands its control. */
  control: FormFieldControlProps;
  /** '' for none (the placeholder shows). */
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  isInvalid?: boolean;
}

/** One field of the appointment form as a Radix select, labelled by its FormField. */
export function ChoiceSelect({
  control,
  value,
  onChange,
  options,
  placeholder,
  isInvalid,
}: ChoiceSelectProps) {
  return (
    <Select value={value || undefined} onValueChange={onChange}>
      <SelectTrigger
        id={control.id}
        aria-describedby={control['aria-describedby']}
        aria-invalid={isInvalid || undefined}
      >
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
