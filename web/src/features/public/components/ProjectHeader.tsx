import { Alert, Anchor, Group, Skeleton } from '@mantine/core';
import { Link, NavLink } from 'react-router';
import { useProject } from '../../../lib/public-api/index.js';
import { PageHeader } from '../../../components/PageHeader.js';
import classes from './ProjectHeader.module.css';

export const projectPages = [
  { sub: 'home', label: 'Home' },
  { sub: 'about', label: 'About' },
  { sub: 'participation-and-rules', label: 'Participation and rules' },
  { sub: 'past-olympiads', label: 'Past olympiads' },
  { sub: 'past-winners', label: 'Past winners' },
  { sub: 'faq', label: 'FAQ' },
  { sub: 'contact', label: 'Contact' },
  { sub: 'expression-of-interest', label: 'Enter your school' },
] as const;

/**
 * The page menu and heading of a project's public site. `title` null: the project's own title, with its
 * description (the project home).
 */
export function useProjectFrame(projectName: string, title: string | null) {
  const project = useProject(projectName);
  if (project.isPending) return { ready: false, header: <Skeleton height={80} radius="md" mb="xl" /> } as const;
  if (project.isError) {
    return {
      ready: false,
      header: (
        <>
          <PageHeader title="Page not found" />
          <Alert color="orange" variant="light" role="alert">
            There is no olympiad project called “{projectName}”.{' '}
            <Anchor component={Link} to="/">
              See all olympiads
            </Anchor>
            .
          </Alert>
        </>
      ),
    } as const;
  }
  return {
    ready: true,
    project: project.data,
    header: (
      <>
        <nav aria-label={`${project.data.title} pages`} className={classes.menu}>
          <Group gap={4} wrap="wrap">
            {projectPages.map((page) => (
              <NavLink key={page.sub} to={`/${projectName}/${page.sub}`} className={classes.link}>
                {page.label}
              </NavLink>
            ))}
          </Group>
        </nav>
        {title === null ? (
          <PageHeader title={project.data.title} description={project.data.description} />
        ) : (
          <PageHeader eyebrow={project.data.title} title={title} />
        )}
      </>
    ),
  } as const;
}
