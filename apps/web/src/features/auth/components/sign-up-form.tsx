import { signUpSchema, type SignUpInput } from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { SubmitButton } from '@/components/ui/submit-button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { getErrorMessage } from '@/lib/api-client';
import { toastFirstValidationError } from '@/lib/validation-toast';
import { useSignUp } from '../api/sign-up';
import { NewPasswordFields } from './new-password-fields';
import { EmailField } from './email-field';

const FIELD_ORDER = [
  'email',
  'password',
  'confirmPassword',
  'businessName',
  'professionalName',
] as const;

export interface SignUpFormProps {
  /** Called with the (normalized) e-mail once the account exists and the link is on its way. */
  onSignedUp: (email: string) => void;
}

export function SignUpForm({ onSignedUp }: SignUpFormProps) {
  const signUp = useSignUp();
  const form = useForm({
    resolver: zodResolver(signUpSchema),
    defaultValues: {
      email: '',
      password: '',
      confirmPassword: '',
      businessName: '',
      professionalName: '',
    },
  });
  const { errors } = form.formState;

  async function submit(values: SignUpInput) {
    try {
      await signUp.mutateAsync(values);
      toast.success('Cadastro realizado!', {
        description: 'Verifique seu email para confirmar a conta',
      });
      onSignedUp(values.email);
    } catch (error) {
      toast.error('Erro no cadastro', { description: getErrorMessage(error) });
    }
  }

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit(submit, toastFirstValidationError<SignUpInput>(FIELD_ORDER))}
    >
      <EmailField registration={form.register('email')} error={errors.email?.message} />
      <NewPasswordFields
        variant="sign-up"
        password={form.register('password')}
        confirmation={form.register('confirmPassword')}
        passwordError={errors.password?.message}
        confirmationError={errors.confirmPassword?.message}
      />
      <FormField label="Nome do negócio" error={errors.businessName?.message}>
        {(control) => (
          <Input
            {...control}
            autoComplete="organization"
            placeholder="Ex.: Studio Bella"
            {...form.register('businessName')}
          />
        )}
      </FormField>
      <FormField label="Seu nome" error={errors.professionalName?.message}>
        {(control) => (
          <Input
            {...control}
            autoComplete="name"
            placeholder="Ex.: Ana Souza"
            {...form.register('professionalName')}
          />
        )}
      </FormField>
      <SubmitButton
        size="lg"
        className="mt-2 w-full"
        isPending={signUp.isPending}
        pendingLabel="Cadastrando..."
      >
        Criar conta
      </SubmitButton>
    </form>
  );
}
