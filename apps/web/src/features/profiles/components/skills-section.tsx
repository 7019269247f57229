import { profileLimits, skillBodySchema, type Skill } from '@nuvem/contracts/profiles';
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, ThumbsUpIcon, XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useFormat } from '@/lib/format';
import { applyServerErrors, useContractForm } from '@/lib/forms';
import { failureMessage, notify } from '@/lib/notify';
import { useAddSkill } from '../api/add-skill';
import { useDeleteSkill } from '../api/delete-skill';
import { useEndorseSkill } from '../api/endorse-skill';
import { useOrderSkills } from '../api/order-skills';
import { useWithdrawEndorsement } from '../api/withdraw-endorsement';
import { movedIds, type MoveDirection } from '../lib/entry-order';
import { CharacterCount, FormError } from './text-field';

interface SkillsSectionProps {
  userId: string;
  skills: Skill[];
  /** The owner adds and removes; others endorse. */
  owner: boolean;
  /** The fallback profile: nothing can be changed. */
  readOnly: boolean;
}

export function SkillsSection({ userId, skills, owner, readOnly }: SkillsSectionProps) {
  const { t } = useTranslation('profiles');
  const f = useFormat();
  const remove = useDeleteSkill();
  const endorse = useEndorseSkill();
  const withdraw = useWithdrawEndorsement();
  const order = useOrderSkills();
  const headingId = useId();

  const move = (name: string, direction: MoveDirection) => {
    // Skills are identified by name; movedIds works on any list of ids.
    const names = movedIds(
      skills.map((skill) => ({ id: skill.name })),
      name,
      direction,
    );
    if (names) order.mutate(names, { onError: (e) => notify.error(failureMessage(t('skills.orderFailed'), e)) });
  };

  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {t('skills.title')}
      </h2>
      {skills.length === 0 ? (
        <p className="text-muted-foreground">{t('skills.none')}</p>
      ) : (
        <ul className="grid gap-2">
          {skills.map((skill, index) => (
            <li key={skill.name} className="glass flex flex-wrap items-center gap-2 rounded-lg px-3 py-2">
              <span className="min-w-0 flex-1 font-medium break-words">{skill.name}</span>
              <span className="text-sm text-muted-foreground">
                {t('skills.endorsements', { count: skill.endorsements, value: f.count(skill.endorsements) })}
              </span>
              {!readOnly && owner && (
                <>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`${t('entries.moveUp')}: ${skill.name}`}
                    title={t('entries.moveUp')}
                    disabled={order.isPending || index === 0}
                    onClick={() => move(skill.name, 'up')}
                  >
                    <ArrowUpIcon aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`${t('entries.moveDown')}: ${skill.name}`}
                    title={t('entries.moveDown')}
                    disabled={order.isPending || index === skills.length - 1}
                    onClick={() => move(skill.name, 'down')}
                  >
                    <ArrowDownIcon aria-hidden="true" />
                  </Button>
                </>
              )}
              {!readOnly && owner && (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`${t('skills.remove')}: ${skill.name}`}
                  title={t('skills.remove')}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(skill.name, {
                      onError: (e) => notify.error(failureMessage(t('skills.removeFailed'), e)),
                    })
                  }
                >
                  <XIcon aria-hidden="true" />
                </Button>
              )}
              {!readOnly && !owner && (
                <Button
                  variant={skill.endorsedByViewer ? 'secondary' : 'outline'}
                  size="sm"
                  aria-label={`${skill.endorsedByViewer ? t('skills.removeEndorsement') : t('skills.endorse')}: ${skill.name}`}
                  disabled={endorse.isPending || withdraw.isPending}
                  onClick={() => {
                    const target = { userId, name: skill.name };
                    const onError = (e: unknown) => notify.error(failureMessage(t('skills.endorseFailed'), e));
                    if (skill.endorsedByViewer) withdraw.mutate(target, { onError });
                    else endorse.mutate(target, { onError });
                  }}
                >
                  <ThumbsUpIcon aria-hidden="true" />
                  {skill.endorsedByViewer ? t('skills.removeEndorsement') : t('skills.endorse')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!readOnly && owner && skills.length < profileLimits.entries && <AddSkillForm />}
    </section>
  );
}

function AddSkillForm() {
  const { t } = useTranslation('profiles');
  const { t: tc } = useTranslation();
  const add = useAddSkill();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    formState: { errors },
  } = useContractForm(skillBodySchema, { defaultValues: { name: '' } });

  const submit = handleSubmit(({ name }) => {
    setFailure(null);
    add.mutate(name, {
      onSuccess: () => reset({ name: '' }),
      onError: (error) => {
        if (!applyServerErrors(error, setError, tc, { fields: ['name'] }))
          setFailure(failureMessage(t('skills.addFailed'), error));
      },
    });
  });

  return (
    <form aria-label={t('skills.add')} className="grid gap-2" onSubmit={(event) => void submit(event)} noValidate>
      <div className="flex flex-wrap items-start gap-2">
        <FormField
          className="min-w-0 flex-1"
          label={t('skills.name')}
          hint={<CharacterCount used={watch('name').length} max={profileLimits.skill} />}
          error={errors.name?.message}
        >
          {(control) => <Input {...control} {...register('name')} />}
        </FormField>
        <Button type="submit" className="mt-6" disabled={add.isPending}>
          <PlusIcon aria-hidden="true" />
          {t('skills.add')}
        </Button>
      </div>
      <FormError message={failure} />
    </form>
  );
}
