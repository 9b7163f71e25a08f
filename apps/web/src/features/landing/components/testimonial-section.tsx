import { Quote, Star } from 'lucide-react';

/** The one testimonial docs/product.md section 1 calls for. */
export function TestimonialSection() {
  return (
    <section aria-labelledby="testimonial-title" className="border-y bg-muted/50 py-16 sm:py-24">
      <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
        <h2 id="testimonial-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          Quem usa, recomenda
        </h2>
        <figure className="mt-10 rounded-2xl border bg-card p-6 text-left shadow-sm sm:p-10">
          <div className="flex items-center justify-between">
            <div className="flex gap-0.5" role="img" aria-label="5 de 5 estrelas">
              {Array.from({ length: 5 }, (_, index) => (
                <Star
                  key={index}
                  className="size-5 fill-amber-400 text-amber-400"
                  aria-hidden="true"
                />
              ))}
            </div>
            <Quote className="size-8 text-accent" aria-hidden="true" />
          </div>
          <blockquote className="mt-6 text-lg leading-relaxed text-pretty sm:text-xl">
            “Eu passava o dia respondendo mensagens para marcar horário. Agora minhas clientes
            agendam sozinhas pelo link, a agenda se organiza e nunca mais tive duas clientes no
            mesmo horário.”
          </blockquote>
          <figcaption className="mt-8 flex items-center gap-4">
            <span
              aria-hidden="true"
              className="grid size-12 place-items-center rounded-full bg-primary font-semibold text-primary-foreground"
            >
              MS
            </span>
            <span>
              <span className="block font-semibold">Mariana Souza</span>
              <span className="block text-sm text-muted-foreground">
                Manicure e designer de sobrancelhas, São Paulo
              </span>
            </span>
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
