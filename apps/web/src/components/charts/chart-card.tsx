import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { BarChart } from './bar-chart';

export interface ReportChartCardProps {
  title: string;
  description?: string;
  labels: readonly string[];
  values: readonly number[];
  formatValue: (value: number) => string;
  /** The same figures as a table: what a screen reader reads instead of the canvas. */
  table: { columns: readonly string[]; rows: readonly (readonly string[])[] };
  empty?: ReactNode;
}

/**
 * A chart with its figures in a table under "Ver em tabela" (the text alternative): Relatórios
 * and the operator console.
 */
export function ReportChartCard({
  title,
  description,
  labels,
  values,
  formatValue,
  table,
  empty,
}: ReportChartCardProps) {
  const hasData = values.some((value) => value > 0);
  return (
    <Card className="min-w-0 gap-3">
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="space-y-3">
        {hasData ? (
          <BarChart labels={labels} values={values} formatValue={formatValue} />
        ) : (
          <p className="py-8 text-center text-sm text-muted-foreground">
            {empty ?? 'Nenhum agendamento no período.'}
          </p>
        )}
        <details className="text-sm">
          <summary className="cursor-pointer rounded-sm text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
            Ver em tabela
          </summary>
          <table className="mt-2 w-full text-left">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b text-muted-foreground">
                {table.columns.map((column, index) => (
                  <th
                    key={column}
                    scope="col"
                    className={index === 0 ? 'py-1 font-medium' : 'py-1 text-right font-medium'}
                  >
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map(([label, ...values]) => (
                <tr key={label} className="border-b last:border-0">
                  <th scope="row" className="py-1 font-normal">
                    {label}
                  </th>
                  {values.map((value, index) => (
                    <td key={index} className="py-1 text-right tabular-nums">
                      {value}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </CardContent>
    </Card>
  );
}
