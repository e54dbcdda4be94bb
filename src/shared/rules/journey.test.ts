import { describe, expect, it } from 'vitest';
import { decide, ROUTE_ACCESS, type Viewer } from './access';
import { grantNoProject, primaryStep, projectsStep } from './journey';

const v = (over: Partial<NonNullable<Viewer>> = {}): NonNullable<Viewer> => ({
  emailVerified: true,
  role: 'builder',
  status: 'pending',
  isAdmin: false,
  ...over,
});

const VIEWERS = [
  v(),
  v({ role: 'creator' }),
  v({ role: 'startup' }),
  v({ role: 'startup', status: 'approved' }),
  v({ role: 'project' }),
];

describe('calls to action fit the viewer (issue 20: no dead ends)', () => {
  it('offers a builder a first contribution, a pending startup the application, an approved one a project', () => {
    expect(primaryStep(v()).to).toBe('/contribution-hub?contribute');
    expect(primaryStep(v({ role: 'startup' })).to).toBe('/application/project-application');
    expect(primaryStep(v({ role: 'startup', status: 'approved' })).label).toBe('Create a project');
    expect(primaryStep(v({ role: 'project' })).to).toBe('/application/bounty-application');
    expect(projectsStep(v()).label).toBe('Browse projects');
  });
  it('sends a startup whose application waits to its status, not to the form again', () => {
    const pending = v({ role: 'startup' });
    expect(primaryStep(pending, 'pending')).toEqual({ to: '/application', label: 'See your application' });
    expect(projectsStep(pending, 'pending').to).toBe('/application');
    // None sent, a decided one, or not known yet: the form.
    for (const state of [null, undefined] as const)
      expect(primaryStep(pending, state).to).toBe('/application/project-application');
    expect(primaryStep(v({ role: 'startup', status: 'approved' }), 'pending').label).toBe('Create a project');
  });
  it('never sends a viewer to a page that would turn them away', () => {
    for (const viewer of VIEWERS) {
      for (const step of [
        primaryStep(viewer),
        primaryStep(viewer, 'pending'),
        projectsStep(viewer),
        projectsStep(viewer, 'pending'),
        grantNoProject(viewer).step,
      ]) {
        const path = step.to.split(/[?#]/)[0];
        const access = ROUTE_ACCESS[path as keyof typeof ROUTE_ACCESS];
        expect(decide(access, viewer), `${viewer.role}/${viewer.status} → ${path}`).toEqual({
          kind: 'allow',
        });
      }
    }
  });
});
