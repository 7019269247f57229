import {
  knowledgeDocumentBodySchema,
  knowledgeHandlings,
  knowledgeLimits,
  type KnowledgeDocument,
  type KnowledgeDocumentBody,
  type KnowledgeHandling,
} from '@nuvem/contracts/workflows';
import { BookOpenIcon, ChevronDownIcon, FileUpIcon, Loader2Icon, PlusIcon, ShieldAlertIcon } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog, DeleteIconButton } from '@/components/confirm-delete-footer';
import { LoadError, LoadingText } from '@/components/load-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useCan } from '@/lib/api-client';
import { useFormat } from '@/lib/format';
import { applyServerErrors, useContractForm } from '@/lib/forms';
import { errorMessage, notify } from '@/lib/notify';
import { useAddKnowledge } from '../api/add-knowledge';
import { useDeleteKnowledge } from '../api/delete-knowledge';
import { useKnowledge } from '../api/get-knowledge';
import { useSetKnowledgeHandling } from '../api/set-knowledge-handling';
import { useSecurityNames } from './use-security-names';

/** What an upload may be: plain text or Markdown, by extension (browsers disagree on the MIME type of .md). */
const UPLOAD_EXTENSIONS = ['.txt', '.md'] as const;
const formFields = ['title', 'content'] as const;

/**
 * The rag agent's knowledge base (beyond the spec): the user's documents (title, size, date,
 * delete) and two ways to add one: paste a text, or upload a .txt or .md file, read in the browser
 * and sent as text. The server's refusals (413 too large, 400 invalid) are shown in its words. A
 * document the AI security layer flagged when it was added says so, shows what was found, and lets
 * its user choose whether the rag agent leaves it out or quotes it as data with a warning.
 */
export function KnowledgeTab() {
  const { t } = useTranslation(['workflows', 'common']);
  const documents = useKnowledge();
  // Adding, deleting and choosing a flagged document's handling are flows:write; a viewer reads the list.
  const canWrite = useCan('flows:write');
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      {canWrite && <AddDocument />}
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>
            <h2>{t('knowledge.title')}</h2>
          </CardTitle>
          <CardDescription>{t('knowledge.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          {documents.isError && !documents.data ? (
            <LoadError
              layout="inline"
              message={t('knowledge.loadFailed', {
                reason: documents.error.message || t('common:errors.unexpected'),
              })}
              retrying={documents.isFetching}
              onRetry={() => void documents.refetch()}
            />
          ) : !documents.data ? (
            <LoadingText>{t('knowledge.loading')}</LoadingText>
          ) : documents.data.length === 0 ? (
            <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-glass-border p-6 text-center">
              <BookOpenIcon aria-hidden="true" className="size-7 text-muted-foreground" />
              <h3 className="font-semibold">{t('knowledge.empty')}</h3>
              <p className="text-sm text-muted-foreground">{t('knowledge.emptyText')}</p>
            </div>
          ) : (
            <DocumentList documents={documents.data} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function DocumentList({ documents }: { documents: readonly KnowledgeDocument[] }) {
  const { t } = useTranslation(['workflows', 'common']);
  const f = useFormat();
  const remove = useDeleteKnowledge();
  const canWrite = useCan('flows:write');
  const [confirming, setConfirming] = useState<KnowledgeDocument | null>(null);
  return (
    <>
      <ul aria-label={t('knowledge.list')} className="grid gap-2">
        {documents.map((document) => (
          <li
            key={document.id}
            className="flex items-start gap-3 rounded-lg border border-glass-border bg-glass p-3 text-sm"
          >
            <div className="grid min-w-0 flex-1 gap-0.5">
              <p className="font-medium break-words">{document.title}</p>
              <p className="text-xs text-muted-foreground">
                {t('knowledge.characters', { count: document.characters, n: f.count(document.characters) })}
                {' · '}
                <time dateTime={document.created_at}>
                  {t('knowledge.addedOn', { date: f.date(document.created_at) })}
                </time>
              </p>
              {document.security.flagged && <FlaggedDocument document={document} />}
            </div>
            {canWrite && (
              <DeleteIconButton
                label={t('knowledge.delete', { title: document.title })}
                onClick={() => setConfirming(document)}
              />
            )}
          </li>
        ))}
      </ul>
      {remove.isError && (
        <p role="alert" className="mt-3 text-sm text-destructive">
          {t('knowledge.deleteFailed', { reason: errorMessage(remove.error, t('common:errors.unexpected')) })}
        </p>
      )}
      <ConfirmDeleteDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('knowledge.deleteTitle', { title: confirming?.title ?? '' })}
        text={t('knowledge.deleteText')}
        confirmLabel={t('knowledge.deleteConfirm')}
        pending={remove.isPending}
        cancelWhilePending
        onConfirm={() => {
          if (!confirming) return;
          remove.mutate(confirming.id, {
            onSuccess: () => notify.success(t('knowledge.deleted')),
            onSettled: () => setConfirming(null),
          });
        }}
      />
    </>
  );
}

/**
 * A flagged document's badge, what was found (on expand), and the user's choice of what the rag
 * agent does with it. The choice shows at once and is saved in the background; a refusal puts it back.
 */
function FlaggedDocument({ document }: { document: KnowledgeDocument }) {
  const { t } = useTranslation(['workflows', 'common']);
  const names = useSecurityNames();
  const [open, setOpen] = useState(false);
  const findingsId = useId();
  const handlingId = useId();
  const setHandling = useSetKnowledgeHandling();
  const canWrite = useCan('flows:write');
  // The choice being saved, shown from the click on (the list catches up when the server answers).
  const [choosing, setChoosing] = useState<KnowledgeHandling | null>(null);
  const { findings } = document.security;
  const handling = choosing ?? document.security.handling;
  const choose = (next: KnowledgeHandling) => {
    if (next === handling) return;
    setChoosing(next);
    setHandling.mutate({ id: document.id, handling: next }, { onSettled: () => setChoosing(null) });
  };
  return (
    <div className="mt-2 grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="warning">
          <ShieldAlertIcon aria-hidden="true" className="size-3.5" />
          {t('knowledge.flagged')}
        </Badge>
        {findings.length > 0 && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-expanded={open}
            aria-controls={findingsId}
            onClick={() => setOpen((value) => !value)}
          >
            <ChevronDownIcon
              aria-hidden="true"
              className={open ? 'rotate-180 motion-safe:transition-transform' : 'motion-safe:transition-transform'}
            />
            {open ? t('knowledge.hideFindings') : t('knowledge.showFindings')}
          </Button>
        )}
      </div>
      {open && (
        <ul
          id={findingsId}
          aria-label={t('knowledge.findings', { title: document.title })}
          className="grid gap-1.5 text-xs"
        >
          {findings.map((finding, index) => (
            <li key={index} className="grid gap-0.5 rounded-md border border-glass-border p-2">
              <span className="font-medium">
                {t('knowledge.finding', { type: names.type(finding.type), level: names.level(finding.severity) })}
              </span>
              <q className="break-words text-muted-foreground">{finding.text}</q>
            </li>
          ))}
        </ul>
      )}
      <fieldset className="grid gap-1 text-xs" aria-describedby={handlingId} disabled={!canWrite}>
        <legend className="mb-1 font-medium">{t('knowledge.handling', { title: document.title })}</legend>
        {knowledgeHandlings.map((option) => (
          <label key={option} className="flex items-center gap-2">
            <input
              type="radio"
              name={`handling-${document.id}`}
              value={option}
              checked={handling === option}
              onChange={() => choose(option)}
              className="size-3.5 accent-primary"
            />
            {t(`knowledge.handlings.${option}`)}
          </label>
        ))}
        <p id={handlingId} className="text-muted-foreground">
          {t(`knowledge.handlingHints.${handling}`)}
        </p>
      </fieldset>
      {setHandling.isError && (
        <p role="alert" className="text-xs text-destructive">
          {t('knowledge.handlingFailed', {
            reason: errorMessage(setHandling.error, t('common:errors.unexpected')),
          })}
        </p>
      )}
    </div>
  );
}

function AddDocument() {
  const { t } = useTranslation(['workflows', 'common']);
  const { t: formT } = useTranslation();
  const f = useFormat();
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const add = useAddKnowledge();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useContractForm(knowledgeDocumentBodySchema, {
    defaultValues: { title: '', content: '' },
    mode: 'onSubmit',
  });

  const [flagged, setFlagged] = useState<KnowledgeDocument | null>(null);

  /** Says the document was added, and at once when it was flagged (it is left out of answers until the user chooses). */
  function added(document: KnowledgeDocument) {
    setFlagged(document.security.flagged ? document : null);
    notify.success(t('knowledge.added'));
  }

  async function send(body: KnowledgeDocumentBody): Promise<boolean> {
    setFailure(null);
    setFlagged(null);
    try {
      added(await add.mutateAsync(body));
      return true;
    } catch (error) {
      setFailure(t('knowledge.addFailed', { reason: errorMessage(error, t('common:errors.unexpected')) }));
      return false;
    }
  }

  const onSubmit = form.handleSubmit(async (values) => {
    if (add.isPending) return;
    setFailure(null);
    setFlagged(null);
    try {
      added(await add.mutateAsync(values));
      form.reset();
    } catch (error) {
      if (!applyServerErrors(error, form.setError, formT, { fields: formFields })) {
        setFailure(t('knowledge.addFailed', { reason: errorMessage(error, t('common:errors.unexpected')) }));
      }
    }
  });

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file can be chosen again after a fix.
    event.target.value = '';
    if (!file) return;
    const name = file.name;
    const extension = UPLOAD_EXTENSIONS.find((ext) => name.toLowerCase().endsWith(ext));
    if (!extension) {
      setFailure(t('knowledge.wrongType'));
      return;
    }
    const content = await file.text();
    if (!content.trim()) {
      setFailure(t('knowledge.emptyFile'));
      return;
    }
    if (content.trim().length > knowledgeLimits.contentMax) {
      setFailure(t('knowledge.tooLarge', { n: f.count(knowledgeLimits.contentMax) }));
      return;
    }
    const title = (name.slice(0, -extension.length).trim() || name).slice(0, knowledgeLimits.titleMax);
    await send({ title, content });
  }

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>
          <h2>{t('knowledge.addTitle')}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-3">
          <FormField label={t('knowledge.titleLabel')} required error={form.formState.errors.title?.message}>
            {(control) => <Input {...control} {...form.register('title')} maxLength={knowledgeLimits.titleMax} />}
          </FormField>
          <FormField label={t('knowledge.content')} required error={form.formState.errors.content?.message}>
            {(control) => (
              <Textarea
                {...control}
                {...form.register('content')}
                rows={8}
                placeholder={t('knowledge.contentPlaceholder')}
                className="min-h-40"
              />
            )}
          </FormField>
          <div className="flex flex-wrap items-center gap-2">
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? (
                <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
              ) : (
                <PlusIcon aria-hidden="true" />
              )}
              {add.isPending ? t('knowledge.adding') : t('knowledge.add')}
            </Button>
            <Button type="button" variant="outline" disabled={add.isPending} onClick={() => fileInput.current?.click()}>
              <FileUpIcon aria-hidden="true" />
              {t('knowledge.upload')}
            </Button>
            <input
              ref={fileInput}
              id={fileId}
              type="file"
              aria-label={t('knowledge.upload')}
              accept={[...UPLOAD_EXTENSIONS, 'text/plain', 'text/markdown'].join(',')}
              className="sr-only"
              tabIndex={-1}
              onChange={(event) => void onFile(event)}
            />
          </div>
          <p className="text-xs text-muted-foreground">{t('knowledge.uploadHint')}</p>
        </form>
        {failure && (
          <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm">
            {failure}
          </p>
        )}
        {flagged && (
          <div
            role="alert"
            className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm"
          >
            <ShieldAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
            <p>{t('knowledge.addedFlagged', { title: flagged.title })}</p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
