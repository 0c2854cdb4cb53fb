/**
 * The router API every front end uses. Remotes must import these from '@clinic/kit', never from
 * 'react-router-dom': the kit is the shared singleton that carries the host's router instance
 * (a second copy would have its own context and see no <BrowserRouter>).
 */
export {
  BrowserRouter,
  generatePath,
  Link,
  type LinkProps,
  matchPath,
  matchRoutes,
  Navigate,
  NavLink,
  type NavLinkProps,
  Outlet,
  Route,
  Routes,
  useHref,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
  useResolvedPath,
  useSearchParams,
} from 'react-router-dom';
