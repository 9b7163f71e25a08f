import type { Profile } from '@agendaki/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

/** Configurações > Perfil: the account's e-mail (never editable) and the professional's name. */
export function ProfileDetails({ email, profile }: { email: string; profile: Profile }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Perfil</CardTitle>
        <CardDescription>Os dados da sua conta.</CardDescription>
      </CardHeader>
      <CardContent className="grid max-w-xl gap-5">
        <FormField label="Email" description="O email da conta não pode ser alterado.">
          {(control) => <Input {...control} type="email" value={email} readOnly />}
        </FormField>
        <FormField label="Seu nome">
          {(control) => <Input {...control} value={profile.professionalName} readOnly />}
        </FormField>
      </CardContent>
    </Card>
  );
}
