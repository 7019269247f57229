import type { Profile } from '@nuvem/contracts/profiles';
import { HeartIcon, MailIcon, MessageCircleIcon } from 'lucide-react';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatNumber, profileInitial, profileName } from '../lib/profile-display';
import { samplePosts } from '../lib/sample-content';
import { EducationSection } from './education-section';
import { ExperienceSection } from './experience-section';
import { profileTexts } from './profile-texts';
import { SkillsSection } from './skills-section';

/** Activity, About, Experience, Education (radix tabs: arrow keys move between them). */
export function ProfileTabs({ profile, readOnly }: { profile: Profile; readOnly: boolean }) {
  const editable = profile.viewer.isSelf && !readOnly;
  return (
    <Tabs defaultValue="activity" className="min-w-0">
      <TabsList aria-label="Profile sections">
        <TabsTrigger value="activity">{profileTexts.tabs.activity}</TabsTrigger>
        <TabsTrigger value="about">{profileTexts.tabs.about}</TabsTrigger>
        <TabsTrigger value="experience">{profileTexts.tabs.experience}</TabsTrigger>
        <TabsTrigger value="education">{profileTexts.tabs.education}</TabsTrigger>
      </TabsList>
      <TabsContent value="activity">
        <ActivityFeed profile={profile} />
      </TabsContent>
      <TabsContent value="about">
        <Card className="grid gap-6 p-4 sm:p-6">
          <section className="grid gap-2" aria-label={profileTexts.tabs.about}>
            <h2 className="text-lg font-semibold">{profileTexts.tabs.about}</h2>
            <p className="whitespace-pre-line break-words text-muted-foreground">{profile.bio ?? profileTexts.noBio}</p>
          </section>
          <SkillsSection
            userId={profile.id}
            skills={profile.skills}
            owner={profile.viewer.isSelf}
            readOnly={readOnly}
          />
          {profile.email && (
            <section className="grid gap-2" aria-label={profileTexts.contact}>
              <h2 className="text-lg font-semibold">{profileTexts.contact}</h2>
              <p className="flex items-center gap-2 break-all">
                <MailIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                <span className="sr-only">{profileTexts.email}: </span>
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

/** The activity feed: sample posts (spec 3), labelled as such on the page. */
function ActivityFeed({ profile }: { profile: Profile }) {
  const name = profileName(profile);
  return (
    <section aria-label={profileTexts.samplePosts} className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold">{profileTexts.samplePosts}</h2>
        <Badge variant="warning">{profileTexts.sample}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">{profileTexts.samplePostsText}</p>
      <ul className="grid gap-3">
        {samplePosts.map((post) => (
          <li key={post.id}>
            <Card className="grid gap-3 p-4">
              <div className="flex items-center gap-3">
                <Avatar className="size-10">
                  {profile.avatar && <AvatarImage src={profile.avatar} alt="" />}
                  <AvatarFallback>{profileInitial(profile)}</AvatarFallback>
                </Avatar>
                <div className="min-w-0">
                  <p className="truncate font-medium">{name}</p>
                  <p className="text-xs text-muted-foreground">{post.age}</p>
                </div>
              </div>
              <p className="break-words">{post.text}</p>
              <p className="flex gap-4 text-sm text-muted-foreground">
                <span className="flex items-center gap-1">
                  <HeartIcon aria-hidden="true" className="size-4" />
                  {formatNumber(post.likes)} <span className="sr-only">likes</span>
                </span>
                <span className="flex items-center gap-1">
                  <MessageCircleIcon aria-hidden="true" className="size-4" />
                  {formatNumber(post.comments)} <span className="sr-only">comments</span>
                </span>
              </p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
