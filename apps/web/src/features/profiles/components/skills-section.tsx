import { profileLimits, type Skill } from '@nuvem/contracts/profiles';
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, ThumbsUpIcon, XIcon } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage, failureMessage, notify } from '@/lib/notify';
import { useAddSkill } from '../api/add-skill';
import { useDeleteSkill } from '../api/delete-skill';
import { useEndorseSkill } from '../api/endorse-skill';
import { useOrderSkills } from '../api/order-skills';
import { useWithdrawEndorsement } from '../api/withdraw-endorsement';
import { movedIds, type MoveDirection } from '../lib/entry-order';
import { formatCount } from '../lib/profile-display';
import { profileTexts } from './profile-texts';

interface SkillsSectionProps {
  userId: string;
  skills: Skill[];
  /** The owner adds and removes; others endorse. */
  owner: boolean;
  /** The fallback profile: nothing can be changed. */
  readOnly: boolean;
}

export function SkillsSection({ userId, skills, owner, readOnly }: SkillsSectionProps) {
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
    if (names) order.mutate(names, { onError: (e) => notify.error(failureMessage('Failed to reorder the skills', e)) });
  };

  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {profileTexts.skills}
      </h2>
      {skills.length === 0 ? (
        <p className="text-muted-foreground">{profileTexts.noSkills}</p>
      ) : (
        <ul className="grid gap-2">
          {skills.map((skill, index) => (
            <li key={skill.name} className="glass flex flex-wrap items-center gap-2 rounded-lg px-3 py-2">
              <span className="min-w-0 flex-1 font-medium break-words">{skill.name}</span>
              <span className="text-sm text-muted-foreground">{formatCount(skill.endorsements, 'endorsement')}</span>
              {!readOnly && owner && (
                <>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`${profileTexts.moveUp}: ${skill.name}`}
                    title={profileTexts.moveUp}
                    disabled={order.isPending || index === 0}
                    onClick={() => move(skill.name, 'up')}
                  >
                    <ArrowUpIcon aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`${profileTexts.moveDown}: ${skill.name}`}
                    title={profileTexts.moveDown}
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
                  aria-label={`Remove skill: ${skill.name}`}
                  title="Remove skill"
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(skill.name, {
                      onError: (e) => notify.error(failureMessage('Failed to remove the skill', e)),
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
                  aria-label={`${skill.endorsedByViewer ? profileTexts.removeEndorsement : profileTexts.endorse}: ${skill.name}`}
                  disabled={endorse.isPending || withdraw.isPending}
                  onClick={() => {
                    const target = { userId, name: skill.name };
                    const onError = (e: unknown) => notify.error(failureMessage('Failed to update the endorsement', e));
                    if (skill.endorsedByViewer) withdraw.mutate(target, { onError });
                    else endorse.mutate(target, { onError });
                  }}
                >
                  <ThumbsUpIcon aria-hidden="true" />
                  {skill.endorsedByViewer ? profileTexts.removeEndorsement : profileTexts.endorse}
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
  const [name, setName] = useState('');
  const add = useAddSkill();
  const inputId = useId();

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    add.mutate(trimmed, { onSuccess: () => setName('') });
  }

  return (
    <form aria-label={profileTexts.addSkill} className="grid gap-1.5" onSubmit={submit}>
      <Label htmlFor={inputId}>{profileTexts.skillName}</Label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          value={name}
          maxLength={profileLimits.skill}
          placeholder="TypeScript"
          onChange={(event) => {
            setName(event.target.value);
            if (add.isError) add.reset();
          }}
        />
        <Button type="submit" disabled={add.isPending || !name.trim()}>
          <PlusIcon aria-hidden="true" />
          {profileTexts.addSkill}
        </Button>
      </div>
      {add.isError && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(add.error, 'The skill could not be added')}
        </p>
      )}
    </form>
  );
}
