import { z } from 'zod';

/**
 * The address the product prints for people to reach it (PUBLIC_URL: on certificates and sign-in slips), and whether
 * it is one only the server's own machine reaches (localhost, 127.x): then nobody else can open what it prints.
 */
export const PublicAddress = z.object({ url: z.string(), local: z.boolean() });
export type PublicAddress = z.infer<typeof PublicAddress>;
