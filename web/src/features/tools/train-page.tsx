import type { TAsset, TTraining, TTrainingKind, TTrainingsInfo } from '@kaleido/common';
import { APP_ROUTES, TRAINING_KINDS, TRAINING_LIMITS, TRIGGER_WORD_PATTERN } from '@kaleido/common/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GraduationCap, Sparkles, Trash2, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { MessageId } from '../../i18n/catalogs/en';
import { useT } from '../../i18n/use-t';
import { serverText } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ChoiceGroup } from '../../ui/choice-group';
import { FieldHint, Input, Label, Select } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import { authKeys } from '../auth/api';
import { generateKeys } from '../generate/jobs-api';
import { NeedsProvider, providerName } from './needs-provider';
import { ToolFormFooter, ToolPage } from './tool-page';
import {
  cancelTraining,
  deleteTraining,
  isActive,
  startTraining,
  trainingsQueryOptions,
  trainKeys,
} from './train-api';
import { imageCountState, TrainImages } from './train-images';

const KIND_LABELS: Record<TTrainingKind, { label: MessageId; hint: MessageId }> = {
  style: { label: 'train.kind.style', hint: 'train.kind.styleHint' },
  product: { label: 'train.kind.product', hint: 'train.kind.productHint' },
  character: { label: 'train.kind.character', hint: 'train.kind.characterHint' },
};

const STATUS: Record<TTraining['status'], { label: MessageId; tone: BadgeTone }> = {
  queued: { label: 'train.status.queued', tone: 'neutral' },
  running: { label: 'train.status.running', tone: 'accent' },
  succeeded: { label: 'train.status.succeeded', tone: 'success' },
  failed: { label: 'train.status.failed', tone: 'warning' },
  cancelled: { label: 'train.status.cancelled', tone: 'neutral' },
};

/** Whether the form can start a training, and what is missing first. */
export function trainFormProblem(form: {
  images: number;
  name: string;
  triggerWord: string;
}): MessageId | null {
  if (imageCountState(form.images) !== 'ok') return 'train.form.needImages';
  if (!form.name.trim()) return 'train.form.needName';
  const word = form.triggerWord.trim();
  if (
    word.length < 2 ||
    word.length > TRAINING_LIMITS.triggerWordMaxLength ||
    !TRIGGER_WORD_PATTERN.test(word)
  )
    return 'train.form.needTriggerWord';
  return null;
}

/** The image generator with a trained model chosen and its trigger word in the prompt. */
export function generatorStateFor(training: Pick<TTraining, 'modelId' | 'triggerWord'>) {
  return { model: training.modelId ?? undefined, prompt: `${training.triggerWord} ` };
}

function TrainForm({ info }: { info: TTrainingsInfo }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [images, setImages] = useState<TAsset[]>([]);
  const [name, setName] = useState('');
  const [triggerWord, setTriggerWord] = useState('');
  const [kind, setKind] = useState<TTrainingKind>('style');
  const [provider, setProvider] = useState(info.trainers[0]?.id ?? '');
  const [tried, setTried] = useState(false);
  const nameId = useId();
  const wordId = useId();
  const wordHintId = useId();
  const providerId = useId();
  const start = useMutation({
    mutationFn: () =>
      startTraining({
        name: name.trim(),
        triggerWord: triggerWord.trim(),
        kind,
        assetIds: images.map((asset) => asset.id),
        provider: provider || undefined,
      }),
    onSuccess: () => {
      setImages([]);
      setName('');
      setTriggerWord('');
      setTried(false);
      void queryClient.invalidateQueries({ queryKey: trainKeys.all() });
      void queryClient.invalidateQueries({ queryKey: authKeys.me() });
    },
  });
  const problem = trainFormProblem({ images: images.length, name, triggerWord });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem) return;
    start.mutate();
  };
  return (
    <Card className="p-5 sm:p-6">
      <form onSubmit={onSubmit} className="flex flex-col gap-5" noValidate>
        <TrainImages value={images} onChange={setImages} />
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={nameId}>{t('train.form.name')}</Label>
            <Input
              id={nameId}
              value={name}
              maxLength={TRAINING_LIMITS.nameMaxLength}
              onChange={(event) => setName(event.target.value)}
              placeholder={t('train.form.namePlaceholder')}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={wordId}>{t('train.form.triggerWord')}</Label>
            <Input
              id={wordId}
              value={triggerWord}
              maxLength={TRAINING_LIMITS.triggerWordMaxLength}
              onChange={(event) => setTriggerWord(event.target.value.replace(/\s/g, ''))}
              placeholder={t('train.form.triggerWordPlaceholder')}
              aria-describedby={wordHintId}
              autoCapitalize="characters"
              spellCheck={false}
            />
            <FieldHint id={wordHintId}>{t('train.form.triggerWordHint')}</FieldHint>
          </div>
        </div>
        <ChoiceGroup
          legend={t('train.form.kind')}
          value={kind}
          onChange={setKind}
          options={TRAINING_KINDS.map((value) => ({
            value,
            label: t(KIND_LABELS[value].label),
            hint: t(KIND_LABELS[value].hint),
          }))}
        />
        {info.trainers.length > 1 ? (
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={providerId}>{t('train.form.provider')}</Label>
            <Select id={providerId} value={provider} onChange={(event) => setProvider(event.target.value)}>
              {info.trainers.map((trainer) => (
                <option key={trainer.id} value={trainer.id}>
                  {trainer.name}
                </option>
              ))}
            </Select>
          </div>
        ) : null}
        {tried && problem ? <Alert>{t(problem)}</Alert> : null}
        <ToolFormFooter
          price={info.price}
          icon={GraduationCap}
          label={t('train.form.start')}
          pending={start.isPending}
          disabled={start.isPending}
          error={start.isError ? (serverText(start.error) ?? t('train.form.failed')) : null}
          inline
        />
      </form>
    </Card>
  );
}

function TrainingItem({ training, deletes }: { training: TTraining; deletes: boolean }) {
  const t = useT();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trainKeys.all() });
    void queryClient.invalidateQueries({ queryKey: authKeys.me() });
    void queryClient.invalidateQueries({ queryKey: generateKeys.models() });
  };
  const cancel = useMutation({ mutationFn: () => cancelTraining(training.id), onSettled: refresh });
  const remove = useMutation({ mutationFn: () => deleteTraining(training.id), onSettled: refresh });
  const [confirming, setConfirming] = useState(false);
  const active = isActive(training);
  const status = STATUS[training.status];
  const failure = cancel.error ?? remove.error;
  return (
    <li>
      <Card className="flex flex-col gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="truncate text-base font-semibold text-fg">{training.name}</h3>
            <p className="text-[13px] text-fg-muted">
              {t('train.item.summary', {
                kind: t(KIND_LABELS[training.kind].label),
                word: training.triggerWord,
                images: training.imageCount,
                provider: providerName(training.provider),
              })}
            </p>
            <p className="text-[13px] text-fg-subtle">{formatDateTime(training.createdAt)}</p>
          </div>
          <Badge tone={status.tone}>{t(status.label)}</Badge>
        </div>
        {active ? (
          <div className="flex flex-col gap-1.5">
            <div
              role="progressbar"
              aria-label={t('train.item.progress', { name: training.name })}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={training.progress}
              className="h-2 overflow-hidden rounded-full bg-surface-2"
            >
              <div
                className="h-full rounded-full bg-accent transition-[width]"
                style={{ width: `${training.progress}%` }}
              />
            </div>
            <p className="text-[13px] text-fg-muted tabular-nums">
              {t('train.item.percent', { percent: training.progress })}
              {training.stage ? ` · ${training.stage}` : ''}
            </p>
          </div>
        ) : null}
        {training.status === 'failed' && training.error ? (
          <p className="text-[13px] text-danger">{t('train.item.failed', { error: training.error })}</p>
        ) : null}
        {failure ? <Alert>{serverText(failure) ?? t('train.form.failed')}</Alert> : null}
        <div className="flex flex-wrap gap-2">
          {training.status === 'succeeded' && training.modelId ? (
            <Link
              to={APP_ROUTES.generateImage}
              state={generatorStateFor(training)}
              className="inline-flex min-h-8 items-center gap-1.5 rounded-full bg-accent px-3.5 py-1 text-[13px] font-medium text-white hover:opacity-90"
            >
              <Sparkles aria-hidden className="size-4" />
              {t('train.item.generate')}
            </Link>
          ) : null}
          {active ? (
            <Button variant="secondary" size="sm" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
              <X aria-hidden />
              {t('train.item.cancel')}
            </Button>
          ) : confirming ? (
            <>
              <Button variant="danger" size="sm" disabled={remove.isPending} onClick={() => remove.mutate()}>
                <Trash2 aria-hidden />
                {t('train.item.confirmDelete')}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
                {t('train.item.keep')}
              </Button>
            </>
          ) : (
            <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden />
              {t('train.item.delete')}
            </Button>
          )}
        </div>
        {confirming && training.status === 'succeeded' ? (
          <p className="text-[13px] text-fg-muted">
            {t(deletes ? 'train.item.deleteAtProvider' : 'train.item.deleteHereOnly', {
              provider: providerName(training.provider),
            })}
          </p>
        ) : null}
      </Card>
    </li>
  );
}

function TrainingsList({ info }: { info: TTrainingsInfo }) {
  const t = useT();
  const queryClient = useQueryClient();
  // A training that ends while the page is open: its model joins the pickers, the balance may change.
  const active = info.trainings.filter(isActive).length;
  const before = useRef(active);
  useEffect(() => {
    if (active < before.current) {
      void queryClient.invalidateQueries({ queryKey: generateKeys.models() });
      void queryClient.invalidateQueries({ queryKey: authKeys.me() });
    }
    before.current = active;
  }, [active, queryClient]);
  return (
    <section aria-labelledby="train-list-title" className="flex flex-col gap-3">
      <h2 id="train-list-title" className="text-lg font-semibold text-fg">
        {t('train.list.title')}
      </h2>
      {info.trainings.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('train.list.empty')}</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {info.trainings.map((training) => (
            <TrainingItem key={training.id} training={training} deletes={training.providerDeletes} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** `/tools/train`: a personal style, product or character model from the person's images. */
export function TrainPage() {
  const t = useT();
  return (
    <ToolPage title={t('train.title')} description={t('train.description')} icon={GraduationCap}>
      <TrainContent />
    </ToolPage>
  );
}

function TrainContent() {
  const t = useT();
  const query = useQuery(trainingsQueryOptions());
  if (query.isPending) {
    return (
      <div className="flex min-h-40 items-center justify-center">
        <Spinner />
      </div>
    );
  }
  if (query.isError) return <Alert>{t('train.loadFailed')}</Alert>;
  const info = query.data;
  return (
    <div className="flex flex-col gap-8">
      {info.trainers.length === 0 ? (
        <NeedsProvider what="train.what" providers={info.providers} docsUrl={APP_ROUTES.providerDocs} />
      ) : (
        <TrainForm info={info} />
      )}
      {info.trainings.length > 0 || info.trainers.length > 0 ? <TrainingsList info={info} /> : null}
    </div>
  );
}
