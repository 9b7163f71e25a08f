import { Star } from 'lucide-react';

const STAR_COUNT = 5;

/** The marketing claims of docs/product.md section 1: a 4.9/5 rating and more than 1,000 professionals. */
export function RatingLine() {
  return (
    <div className="flex flex-col items-center justify-center gap-2 text-sm sm:flex-row sm:gap-3">
      <div className="flex gap-0.5" aria-hidden="true">
        {Array.from({ length: STAR_COUNT }, (_, index) => (
          <Star key={index} className="size-4 fill-amber-400 text-amber-400" />
        ))}
      </div>
      <p className="text-balance text-muted-foreground">
        <strong className="font-semibold text-foreground">Nota 4,9/5</strong> · Mais de 1.000
        profissionais confiam no Agendaki
      </p>
    </div>
  );
}
