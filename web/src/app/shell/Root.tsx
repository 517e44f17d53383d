import { Center, Loader } from '@mantine/core';
import { Outlet } from 'react-router';
import { ApiEffects } from './ApiEffects.js';
import { GlobalLoader } from './GlobalLoader.js';
import { NavigationEffects } from './NavigationEffects.js';
import { SkipLink } from './SkipLink.js';

/** The root of every page. */
export function Root() {
  return (
    <>
      <SkipLink />
      <NavigationEffects />
      <ApiEffects />
      <GlobalLoader />
      <Outlet />
    </>
  );
}

/** While the first page's own bundle loads. */
export function FirstLoad() {
  return (
    <Center h="100dvh" role="status" aria-label="Loading">
      <Loader />
    </Center>
  );
}
