import { badInputOnRoutes } from '../../test/bad-input';

// Part 2 of the routes' bad input (test/bad-input.ts says why it is split).
badInputOnRoutes(2);
