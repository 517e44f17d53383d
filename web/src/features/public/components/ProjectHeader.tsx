import { Alert, Anchor, Group, Skeleton } from '@mantine/core';
import { Link, NavLink } from 'react-router';
import { useT, type MessageId } from '../../../lib/i18n/index.js';
import { useProject } from '../../../lib/public-api/index.js';
import { useLangTo } from '../language.js';
import { PageHeader } from '../../../components/PageHeader.js';
import classes from './ProjectHeader.module.css';

export const projectPages = [
  { sub: 'home', label: 'public.project.page.home' },
  { sub: 'about', label: 'public.project.page.about' },
  { sub: 'participation-and-rules', label: 'public.project.page.rules' },
  { sub: 'past-olympiads', label: 'public.project.page.pastOlympiads' },
  { sub: 'past-winners', label: 'public.project.page.pastWinners' },
  { sub: 'faq', label: 'public.project.page.faq' },
  { sub: 'contact', label: 'public.project.page.contact' },
  { sub: 'expression-of-interest', label: 'public.project.page.eoi' },
] as const satisfies readonly { sub: string; label: MessageId }[];

/**
 * The page menu and heading of a project's public site. `title` null: the project's own title, with its
 * description (the project home).
 */
export function useProjectFrame(projectName: string, title: string | null) {
  const project = useProject(projectName);
  const t = useT();
  const langTo = useLangTo();
  if (project.isPending) return { ready: false, header: <Skeleton height={80} radius="md" mb="xl" /> } as const;
  if (project.isError) {
    return {
      ready: false,
      header: (
        <>
          <PageHeader title={t('public.notFound.title')} />
          <Alert color="orange" variant="light" role="alert">
            {t('public.project.noSuchProject', { projectName })}{' '}
            <Anchor component={Link} to={langTo('/')}>
              {t('public.project.seeAll')}
            </Anchor>
            .
          </Alert>
        </>
      ),
    } as const;
  }
  // The project's own words (title, description) are in its language, which may not be the page's.
  const own = project.data.language ?? 'en';
  return {
    ready: true,
    project: project.data,
    header: (
      <>
        <nav aria-label={t('public.project.pagesNav', { title: project.data.title })} className={classes.menu}>
          <Group gap={4} wrap="wrap">
            {projectPages.map((page) => (
              <NavLink key={page.sub} to={langTo(`/${projectName}/${page.sub}`, own)} className={classes.link}>
                {t(page.label)}
              </NavLink>
            ))}
          </Group>
        </nav>
        {title === null ? (
          <div lang={own}>
            <PageHeader title={project.data.title} description={project.data.description} />
          </div>
        ) : (
          <PageHeader eyebrow={<span lang={own}>{project.data.title}</span>} title={title} />
        )}
      </>
    ),
  } as const;
}
