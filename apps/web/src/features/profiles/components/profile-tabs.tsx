import type { Profile } from '@nuvem/contracts/profiles';
import { MailIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ActivityFeed } from './activity-feed';
import { EducationSection } from './education-section';
import { ExperienceSection } from './experience-section';
import { SkillsSection } from './skills-section';

/** Activity, About, Experience, Education (radix tabs: arrow keys move between them). */
export function ProfileTabs({ profile, readOnly }: { profile: Profile; readOnly: boolean }) {
  const { t } = useTranslation('profiles');
  const editable = profile.viewer.isSelf && !readOnly;
  return (
    <Tabs defaultValue="activity" className="min-w-0">
      <TabsList aria-label={t('tabs.label')}>
        <TabsTrigger value="activity">{t('tabs.activity')}</TabsTrigger>
        <TabsTrigger value="about">{t('tabs.about')}</TabsTrigger>
        <TabsTrigger value="experience">{t('tabs.experience')}</TabsTrigger>
        <TabsTrigger value="education">{t('tabs.education')}</TabsTrigger>
      </TabsList>
      <TabsContent value="activity">
        <ActivityFeed profile={profile} readOnly={readOnly} />
      </TabsContent>
      <TabsContent value="about">
        <Card className="grid gap-6 p-4 sm:p-6">
          <section className="grid gap-2" aria-label={t('tabs.about')}>
            <h2 className="text-lg font-semibold">{t('tabs.about')}</h2>
            <p className="whitespace-pre-line break-words text-muted-foreground">{profile.bio ?? t('about.noBio')}</p>
          </section>
          <SkillsSection
            userId={profile.id}
            skills={profile.skills}
            owner={profile.viewer.isSelf}
            readOnly={readOnly}
          />
          {profile.email && (
            <section className="grid gap-2" aria-label={t('about.contact')}>
              <h2 className="text-lg font-semibold">{t('about.contact')}</h2>
              <p className="flex items-center gap-2 break-all">
                <MailIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                <span className="sr-only">{t('about.email')}: </span>
                {profile.email}
              </p>
            </section>
          )}
        </Card>
      </TabsContent>
      <TabsContent value="experience">
        <Card className="p-4 sm:p-6">
          <ExperienceSection entries={profile.experience} editable={editable} />
        </Card>
      </TabsContent>
      <TabsContent value="education">
        <Card className="p-4 sm:p-6">
          <EducationSection entries={profile.education} editable={editable} />
        </Card>
      </TabsContent>
    </Tabs>
  );
}
