import { CalendarClock, Link2, ShieldCheck, Users, type LucideIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { SectionHeading } from './section-heading';

interface Feature {
  title: string;
  description: string;
  icon: LucideIcon;
}

const FEATURES: readonly Feature[] = [
  {
    title: 'Agendamento Online 24/7',
    description:
      'Seus clientes marcam horário a qualquer momento, até de madrugada, sem precisar falar com você.',
    icon: CalendarClock,
  },
  {
    title: 'Controle de Horários Sem Conflitos',
    description:
      'Nunca dois agendamentos no mesmo horário: um horário ocupado não pode ser reservado de novo, nem se dois clientes tentarem ao mesmo tempo.',
    icon: ShieldCheck,
  },
  {
    title: 'Gestão de Clientes',
    description:
      'Todos os seus clientes em uma lista, com telefone, e-mail e histórico de atendimentos sempre à mão.',
    icon: Users,
  },
  {
    title: 'Link Personalizado',
    description:
      'Um link com o nome do seu negócio para divulgar no Instagram, no WhatsApp e onde mais quiser.',
    icon: Link2,
  },
];

export function FeaturesSection() {
  return (
    <section
      id="recursos"
      aria-labelledby="features-title"
      className="border-y bg-muted/50 py-16 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="features-title"
          eyebrow="Recursos"
          title="Tudo o que você precisa para organizar seus atendimentos"
          description="Menos tempo respondendo mensagens, mais tempo cuidando dos seus clientes."
        />
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ title, description, icon: Icon }) => (
            <li key={title}>
              <Card className="h-full gap-4 transition-shadow hover:shadow-md">
                <CardHeader className="gap-4">
                  <span className="grid size-11 place-items-center rounded-lg bg-accent text-accent-foreground">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <CardTitle className="text-lg">{title}</CardTitle>
                </CardHeader>
                <CardContent>
                  <p className="text-sm leading-relaxed text-muted-foreground">{description}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
