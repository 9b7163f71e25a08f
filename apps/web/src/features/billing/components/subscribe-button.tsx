import { toast } from '@/lib/toast';
import { Button, type ButtonProps } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { useStartCheckout } from '../api/start-checkout';

export function showCheckoutError(error: unknown) {
  toast.error('Erro ao abrir a página de pagamento', { description: getErrorMessage(error) });
}

/** "Assinar Agora": opens the provider's checkout in a new tab (docs/product.md section 2, "Dashboard home"). */
export function SubscribeButton({ children = 'Assinar Agora', ...props }: ButtonProps) {
  const checkout = useStartCheckout();
  return (
    <Button
      {...props}
      disabled={props.disabled || checkout.isPending}
      onClick={() => checkout.mutate(undefined, { onError: showCheckoutError })}
    >
      {children}
    </Button>
  );
}
