import type { AutomationSettings, AutomationSettingsInput } from '@agendaki/shared';
import { type Control, Controller } from 'react-hook-form';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';

/** An automation's on/off switch with its label and hint. */
export function EnabledSwitch(props: {
  id: string;
  label: string;
  hint: string;
  name: 'returnEnabled' | 'reviewEnabled' | 'birthdayEnabled';
  control: Control<AutomationSettingsInput, unknown, AutomationSettings>;
}) {
  return (
    <div className="flex items-start gap-3">
      <Controller
        control={props.control}
        name={props.name}
        render={({ field }) => (
          <Switch
            id={props.id}
            checked={field.value}
            onCheckedChange={field.onChange}
            aria-describedby={`${props.id}-hint`}
          />
        )}
      />
      <div className="grid gap-1">
        <Label htmlFor={props.id}>{props.label}</Label>
        <p id={`${props.id}-hint`} className="text-sm text-muted-foreground">
          {props.hint}
        </p>
      </div>
    </div>
  );
}
