import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';

const STEPS: readonly {
  title: string;
  text: string;
  link?: { href: string; label: string };
}[] = [
  {
    title: 'Configure seus serviços',
    text: 'Cadastre o que você oferece, com preço e duração.',
    link: { href: paths.dashboard.services.getHref(), label: 'Ir para Serviços' },
  },
  {
    title: 'Configure seus horários',
    text: 'Defina os dias e horários em que você atende.',
    link: { href: paths.dashboard.availability.getHref(), label: 'Ir para Horários' },
  },
  {
    title: 'Compartilhe seu link',
    text: 'Envie pelo WhatsApp, coloque no Instagram ou onde seus clientes estiverem.',
  },
  {
    title: 'Receba agendamentos',
    text: 'Seus clientes escolhem serviço, data e horário; tudo aparece na sua Agenda.',
  },
];

/** Meu Link's how-to: four steps from an empty account to the first booking. */
export function HowItWorks() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Como funciona</CardTitle>
        <CardDescription>Quatro passos para começar a receber agendamentos.</CardDescription>
      </CardHeader>
      <CardContent>
        <ol aria-label="Passos para começar" className="grid gap-5 sm:grid-cols-2">
          {STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-3">
              <span
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <div className="min-w-0 space-y-1">
                <h4 className="leading-8 font-medium">{step.title}</h4>
                <p className="text-sm text-muted-foreground">{step.text}</p>
                {step.link ? (
                  <Link
                    to={step.link.href}
                    className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {step.link.label}
                    <ArrowRight className="size-3.5" aria-hidden="true" />
                  </Link>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
