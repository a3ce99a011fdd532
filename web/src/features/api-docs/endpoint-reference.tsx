import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Card } from '../../ui/card';
import { CodeBlock } from './code-block';
import {
  exampleOf,
  type HttpMethod,
  type OpenApiDocument,
  type OperationSummary,
  type ResponseSummary,
  type SchemaField,
  schemaFields,
} from './openapi';

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
export interface FieldRow {
  name: string;
  depth?: number;
  type: string;
  required?: boolean;
  details: ReactNode;
}

function fieldDetails(field: SchemaField): ReactNode {
  const parts: ReactNode[] = [];
  if (field.description) parts.push(<span key="description">{field.description}</span>);
  if (field.values?.length) {
    parts.push(
      <span key="values" className="flex flex-wrap items-center gap-1">
        <span className="text-fg-subtle">One of</span>
        {field.values.map((value) => (
          <InlineCode key={show(value)}>{show(value)}</InlineCode>
        ))}
      </span>,
    );
  }
  if (field.default !== undefined && typeof field.default !== 'object') {
    parts.push(
      <span key="default">
        <span className="text-fg-subtle">Default</span> <InlineCode>{show(field.default)}</InlineCode>
      </span>,
    );
  }
  if (field.constraints.length) {
    parts.push(
      <span key="limits" className="text-fg-subtle">
        {field.constraints.join(', ')}
      </span>,
    );
  }
  return parts.length ? <span className="flex flex-col gap-1">{parts}</span> : '—';
}

export function rowsOf(fields: readonly SchemaField[]): FieldRow[] {
  return fields.map((field) => ({
    name: field.name,
    depth: field.depth,
    type: field.type,
    required: field.required,
    details: fieldDetails(field),
  }));
}

/** A field table: a table from small tablets up, one block per field on phones. */
export function FieldTable({
  rows,
  caption,
  detailsLabel = 'Details',
}: {
  rows: readonly FieldRow[];
  caption: string;
  detailsLabel?: string;
}) {
  const required = (row: FieldRow) =>
    row.required ? (
      <span className="text-[11px] font-semibold text-danger">required</span>
    ) : (
      <span className="text-[11px] text-fg-subtle">optional</span>
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
                Field
              </th>
              <th scope="col" className="px-4 py-2.5 font-semibold">
                Type
              </th>
              <th scope="col" className="px-4 py-2.5 font-semibold">
                {detailsLabel}
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
  return (
    <ul className="divide-y divide-line rounded-xl border border-line">
      {responses.map((response) => {
        const fields = response.status.startsWith('2') ? schemaFields(doc, response.schema) : [];
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
              <span className="min-w-0 flex-1 basis-48 text-sm text-fg-muted">{response.description}</span>
              {response.schemaName ? (
                <span className="font-mono text-xs text-fg-subtle max-sm:basis-full max-sm:pl-14">
                  {response.schemaName}
                </span>
              ) : null}
            </div>
            {fields.length ? (
              <details className="group mt-2">
                <summary className="cursor-pointer text-[13px] font-medium text-accent-fg select-none">
                  Fields of the {response.status} answer
                </summary>
                <div className="mt-3">
                  <FieldTable
                    rows={rowsOf(fields)}
                    caption={`Fields of the ${response.status} answer`}
                    detailsLabel="Description"
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
  const bodyFields = operation.requestBody ? schemaFields(doc, operation.requestBody) : [];
  const parameters: FieldRow[] = operation.parameters.map((parameter) => ({
    name: parameter.name,
    type: `${parameter.schema?.type ?? 'string'} (${parameter.in})`,
    required: parameter.required ?? parameter.in === 'path',
    details: parameter.description ?? '—',
  }));
  const titleId = `endpoint-${operation.id}`;
  return (
    <Card className="p-5 sm:p-6">
      <article aria-labelledby={titleId} className="space-y-5">
        <header className="space-y-2">
          <h3 id={titleId} className="text-lg font-semibold text-fg">
            {operation.summary}
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
          {operation.description ? <p>{operation.description}</p> : null}
          {note ? <p>{note}</p> : null}
        </header>
        {parameters.length ? (
          <div>
            <h4 className="mb-2 text-sm font-semibold text-fg">Parameters</h4>
            <FieldTable
              rows={parameters}
              caption={`Parameters of ${operation.summary}`}
              detailsLabel="Description"
            />
          </div>
        ) : null}
        {bodyFields.length ? (
          <div>
            <h4 className="mb-2 text-sm font-semibold text-fg">
              Request body{' '}
              {operation.requestBodyName ? (
                <span className="font-mono text-xs font-normal text-fg-subtle">
                  {operation.requestBodyName}
                </span>
              ) : null}
            </h4>
            <FieldTable rows={rowsOf(bodyFields)} caption={`Request body of ${operation.summary}`} />
            <CodeBlock
              className="mt-3"
              title="Example body"
              code={JSON.stringify(exampleOf(doc, operation.requestBody), null, 2)}
            />
          </div>
        ) : null}
        <div>
          <h4 className="mb-2 text-sm font-semibold text-fg">Responses</h4>
          <Responses doc={doc} responses={operation.responses} />
        </div>
      </article>
    </Card>
  );
}
