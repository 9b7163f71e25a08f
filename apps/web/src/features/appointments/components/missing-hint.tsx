import { Link } from 'react-router';

/** "Nenhum serviço ativo. Cadastrar serviço": what is missing, and where to add it. */
export function MissingHint({
  text,
  linkLabel,
  to,
}: {
  text: string;
  linkLabel: string;
  to: string;
}) {
  return (
    <>
      {text}{' '}
      <Link className="text-primary underline underline-offset-2" to={to}>
        {linkLabel}
      </Link>
    </>
  );
}
