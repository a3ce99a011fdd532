import type { ReactNode } from 'react';
import { type Translate, useT } from '../../i18n/use-t';
import { cn } from '../../lib/cn';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Card } from '../../ui/card';
import { CodeBlock } from './code-block';
import {
  type ArrayOfLabel,
  type Constraint,
  exampleOf,
  type HttpMethod,
  type OpenApiDocument,
  type OperationSummary,
  type ResponseSummary,
  type SchemaField,
  schemaFields,
} from './openapi';
import { openApiText } from './openapi-text';

const METHOD_TONES: Record<HttpMethod, BadgeTone> = {
  get: 'accent',
  post: 'success',
  put: 'warning',
  patch: 'warning',
  delete: 'neutral',
};

export function InlineCode({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <code
      className={cn(
        'rounded-md border border-line bg-surface-2 px-1.5 py-0.5 text-[0.85em] break-words text-fg',
        className,
      )}
    >
      {children}
    </code>
  );
}

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** One row of a field table. */
interface FieldRow {
  name: string;
  depth?: number;
  type: string;
  required?: boolean;
  details: ReactNode;
}

/**
 * A field's limit in the interface's language. Bounds are shown as the schema writes them (no digit
 * grouping), the way a developer types them into a request.
 */
function constraintText(t: Translate, constraint: Constraint): string {
  if (constraint.kind === 'format') return constraint.format;
  const min = constraint.min === undefined ? undefined : String(constraint.min);
  const max = constraint.max === undefined ? undefined : String(constraint.max);
  if (constraint.kind === 'length') {
    if (min !== undefined && max !== undefined) return t('apiDocs.fields.length', { min, max });
    return max !== undefined
      ? t('apiDocs.fields.maxLength', { max })
      : t('apiDocs.fields.minLength', { min });
  }
  if (min !== undefined && max !== undefined) return t('apiDocs.fields.range', { min, max });
  return max !== undefined ? t('apiDocs.fields.maximum', { max }) : t('apiDocs.fields.minimum', { min });
}

/** `array of string` in the interface's language. */
function arrayOfLabel(t: Translate): ArrayOfLabel {
  return (itemType) => t('apiDocs.fields.arrayOf', { type: itemType });
}

function fieldDetails(t: Translate, field: SchemaField): ReactNode {
  const parts: ReactNode[] = [];
  if (field.description) parts.push(<span key="description">{openApiText(t, field.description)}</span>);
  if (field.values?.length) {
    parts.push(
      <span key="values" className="flex flex-wrap items-center gap-1">
        <span className="text-fg-subtle">{t('apiDocs.fields.oneOf')}</span>
        {field.values.map((value) => (
          <InlineCode key={show(value)}>{show(value)}</InlineCode>
        ))}
      </span>,
    );
  }
  if (field.default !== undefined && typeof field.default !== 'object') {
    parts.push(
      <span key="default">
        <span className="text-fg-subtle">{t('apiDocs.fields.default')}</span>{' '}
        <InlineCode>{show(field.default)}</InlineCode>
      </span>,
    );
  }
  if (field.constraints.length) {
    parts.push(
      <span key="limits" className="flex flex-wrap gap-x-3 gap-y-0.5 text-fg-subtle">
        {field.constraints.map((constraint) => {
          const text = constraintText(t, constraint);
          return <span key={text}>{text}</span>;
        })}
      </span>,
    );
  }
  return parts.length ? <span className="flex flex-col gap-1">{parts}</span> : '—';
}

function rowsOf(t: Translate, fields: readonly SchemaField[]): FieldRow[] {
  return fields.map((field) => ({
    name: field.name,
    depth: field.depth,
    type: field.type,
    required: field.required,
    details: fieldDetails(t, field),
  }));
}

/** A field table: a table from small tablets up, one block per field on phones. */
function FieldTable({
  rows,
  caption,
  detailsLabel,
}: {
  rows: readonly FieldRow[];
  caption: string;
  /** The third column's heading: 'Details' unless given. */
  detailsLabel?: string;
}) {
  const t = useT();
  const required = (row: FieldRow) =>
    row.required ? (
      <span className="text-[11px] font-semibold text-danger">{t('apiDocs.fields.required')}</span>
    ) : (
      <span className="text-[11px] text-fg-subtle">{t('apiDocs.fields.optional')}</span>
    );
  return (
    <>
      <dl aria-label={caption} className="divide-y divide-line rounded-xl border border-line sm:hidden">
        {rows.map((row) => (
          <div key={row.name} className="space-y-1.5 px-4 py-3">
            <dt className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
              <span className="font-mono text-[13px] break-all text-fg">{row.name}</span>
              <span className="text-xs text-fg-subtle">{row.type}</span>
              {row.required === undefined ? null : required(row)}
            </dt>
            <dd className="text-sm text-fg-muted">{row.details}</dd>
          </div>
        ))}
      </dl>
      <div className="hidden overflow-x-auto rounded-xl border border-line sm:block">
        <table className="w-full min-w-[560px] text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-surface-2 text-xs tracking-wide text-fg-subtle uppercase">
            <tr>
              <th scope="col" className="px-4 py-2.5 font-semibold">
                {t('apiDocs.fields.field')}
              </th>
              <th scope="col" className="px-4 py-2.5 font-semibold">
                {t('apiDocs.fields.type')}
              </th>
              <th scope="col" className="px-4 py-2.5 font-semibold">
                {detailsLabel ?? t('apiDocs.fields.details')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {rows.map((row) => (
              <tr key={row.name} className="align-top">
                <th
                  scope="row"
                  className="px-4 py-3 text-left font-normal"
                  style={row.depth ? { paddingLeft: `${1 + row.depth * 1.25}rem` } : undefined}
                >
                  <span className="block font-mono text-[13px] text-fg">{row.name}</span>
                  {row.required === undefined ? null : required(row)}
                </th>
                <td className="px-4 py-3 whitespace-nowrap text-fg-muted">{row.type}</td>
                <td className="px-4 py-3 text-fg-muted">{row.details}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function statusTone(status: string): string {
  if (status.startsWith('2')) return 'bg-success-soft text-success';
  if (status.startsWith('4')) return 'bg-warning-soft text-warning';
  if (status.startsWith('5')) return 'bg-danger-soft text-danger';
  return 'bg-surface-2 text-fg-muted';
}

function Responses({ doc, responses }: { doc: OpenApiDocument; responses: readonly ResponseSummary[] }) {
  const t = useT();
  return (
    <ul className="divide-y divide-line rounded-xl border border-line">
      {responses.map((response) => {
        const fields = response.status.startsWith('2')
          ? schemaFields(doc, response.schema, arrayOfLabel(t))
          : [];
        const fieldsTitle = t('apiDocs.endpoint.answerFields', { status: response.status });
        return (
          <li key={response.status} className="px-4 py-3">
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span
                className={cn(
                  'inline-flex min-w-11 justify-center rounded-md px-1.5 py-0.5 font-mono text-xs font-semibold tabular-nums',
                  statusTone(response.status),
                )}
              >
                {response.status}
              </span>
              <span className="min-w-0 flex-1 basis-48 text-sm break-words text-fg-muted">
                {openApiText(t, response.description)}
              </span>
              {response.schemaName ? (
                <span className="font-mono text-xs text-fg-subtle max-sm:basis-full max-sm:pl-14">
                  {response.schemaName}
                </span>
              ) : null}
            </div>
            {fields.length ? (
              <details className="group mt-2">
                <summary className="cursor-pointer text-[13px] font-medium text-accent-fg select-none">
                  {fieldsTitle}
                </summary>
                <div className="mt-3">
                  <FieldTable
                    rows={rowsOf(t, fields)}
                    caption={fieldsTitle}
                    detailsLabel={t('apiDocs.fields.description')}
                  />
                </div>
              </details>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** One operation of the OpenAPI document: method, path, parameters, body fields, example, responses. */
export function EndpointCard({
  doc,
  operation,
  basePath,
  note,
}: {
  doc: OpenApiDocument;
  operation: OperationSummary;
  basePath: string;
  note?: ReactNode;
}) {
  const t = useT();
  const bodyFields = operation.requestBody ? schemaFields(doc, operation.requestBody, arrayOfLabel(t)) : [];
  const parameters: FieldRow[] = operation.parameters.map((parameter) => ({
    name: parameter.name,
    type: t('apiDocs.endpoint.parameterType', {
      type: [parameter.schema?.type ?? 'string'].flat().join(' | '),
      location: parameter.in,
    }),
    required: parameter.required ?? parameter.in === 'path',
    details: parameter.description ? openApiText(t, parameter.description) : '—',
  }));
  const summary = openApiText(t, operation.summary);
  const titleId = `endpoint-${operation.id}`;
  return (
    <Card className="p-5 sm:p-6">
      <article aria-labelledby={titleId} className="space-y-5">
        <header className="space-y-2">
          <h3 id={titleId} className="text-lg font-semibold break-words text-fg">
            {summary}
          </h3>
          <p className="flex flex-wrap items-center gap-2.5">
            <Badge tone={METHOD_TONES[operation.method]} className="font-mono uppercase">
              {operation.method}
            </Badge>
            <code className="text-[15px] font-semibold break-all text-fg">
              {basePath}
              {operation.path}
            </code>
          </p>
          {operation.description ? <p>{openApiText(t, operation.description)}</p> : null}
          {note ? <p>{note}</p> : null}
        </header>
        {parameters.length ? (
          <div>
            <h4 className="mb-2 text-sm font-semibold text-fg">{t('apiDocs.endpoint.parameters')}</h4>
            <FieldTable
              rows={parameters}
              caption={t('apiDocs.endpoint.parametersOf', { operation: summary })}
              detailsLabel={t('apiDocs.fields.description')}
            />
          </div>
        ) : null}
        {bodyFields.length ? (
          <div>
            <h4 className="mb-2 text-sm font-semibold text-fg">
              {t('apiDocs.endpoint.requestBody')}{' '}
              {operation.requestBodyName ? (
                <span className="font-mono text-xs font-normal text-fg-subtle">
                  {operation.requestBodyName}
                </span>
              ) : null}
            </h4>
            <FieldTable
              rows={rowsOf(t, bodyFields)}
              caption={t('apiDocs.endpoint.requestBodyOf', { operation: summary })}
            />
            <CodeBlock
              className="mt-3"
              title={t('apiDocs.endpoint.exampleBody')}
              code={JSON.stringify(exampleOf(doc, operation.requestBody), null, 2)}
            />
          </div>
        ) : null}
        <div>
          <h4 className="mb-2 text-sm font-semibold text-fg">{t('apiDocs.endpoint.responses')}</h4>
          <Responses doc={doc} responses={operation.responses} />
        </div>
      </article>
    </Card>
  );
}
