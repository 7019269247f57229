import { errorResponseSchema } from '@nuvem/contracts/common';
import {
  AUDIT_EXPORT_MAX_ROWS,
  acceptInvitationResponseSchema,
  auditQuerySchema,
  auditResponseSchema,
  createInvitationBodySchema,
  createOrganisationBodySchema,
  invitationParamsSchema,
  invitationPreviewResponseSchema,
  invitationResponseSchema,
  invitationsResponseSchema,
  invitationTokenBodySchema,
  memberParamsSchema,
  memberResponseSchema,
  membersResponseSchema,
  orgIdParamsSchema,
  permissionDescriptions,
  permissions,
  permissionsResponseSchema,
  roleDescriptions,
  rolePermissions,
  roles,
  rolesResponseSchema,
  updateMemberBodySchema,
  updateOrganisationBodySchema,
  workspaceResponseSchema,
  workspacesResponseSchema,
} from '@nuvem/contracts/orgs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../auth/principal.js';
import { auditCsv } from './audit-csv.js';
import type { OrgsService } from './orgs.service.js';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};
const ok = z.object({ success: z.literal(true) });
/** On /api/orgs/:id… the path names the workspace; the caller must be a member with the permission. */
const inOrg = { auth: 'session', workspaceParam: 'id' } as const;

/** /api/rbac (roles and permissions) and /api/orgs (organisations, members, invitations, audit log). */
export const orgsRoutes: FastifyPluginAsyncZod<{ service: OrgsService }> = async (app, { service }) => {
  app.get(
    '/api/rbac/roles',
    {
      config: { auth: 'session', permission: 'account' },
      schema: { tags: ['rbac'], response: { 200: rolesResponseSchema, 401: errorResponseSchema } },
    },
    async () => ({
      success: true as const,
      roles: roles.map((id) => ({ id, description: roleDescriptions[id], permissions: [...rolePermissions[id]] })),
    }),
  );

  app.get(
    '/api/rbac/permissions',
    {
      config: { auth: 'session', permission: 'account' },
      schema: { tags: ['rbac'], response: { 200: permissionsResponseSchema, 401: errorResponseSchema } },
    },
    async () => ({
      success: true as const,
      permissions: permissions.map((id) => ({ id, description: permissionDescriptions[id] })),
    }),
  );

  app.get(
    '/api/orgs',
    {
      config: { auth: 'session', permission: 'account' },
      schema: { tags: ['orgs'], response: { 200: workspacesResponseSchema, 401: errorResponseSchema } },
    },
    async (request) => ({ success: true as const, workspaces: await service.list(principalOf(request)) }),
  );

  app.post(
    '/api/orgs',
    {
      config: { auth: 'session', permission: 'account' },
      schema: {
        tags: ['orgs'],
        body: createOrganisationBodySchema,
        response: { 201: workspaceResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const workspace = await service.create(principalOf(request), request.body.name);
      await request.server.orgs.audit(
        request,
        { action: 'organisation.created', target: { type: 'organisation', id: workspace.id, label: workspace.name } },
        workspace.id,
      );
      return reply.code(201).send({ success: true as const, workspace });
    },
  );

  app.get(
    '/api/orgs/:id',
    {
      config: { ...inOrg, permission: 'members:read' },
      schema: { tags: ['orgs'], params: orgIdParamsSchema, response: { 200: workspaceResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      workspace: await service.get(principalOf(request), request.params.id),
    }),
  );

  app.patch(
    '/api/orgs/:id',
    {
      config: { ...inOrg, permission: 'members:manage' },
      schema: {
        tags: ['orgs'],
        params: orgIdParamsSchema,
        body: updateOrganisationBodySchema,
        response: { 200: workspaceResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      workspace: await service.rename(request, request.params.id, request.body.name),
    }),
  );

  app.delete(
    '/api/orgs/:id',
    {
      config: { ...inOrg, permission: 'members:manage' },
      schema: { tags: ['orgs'], params: orgIdParamsSchema, response: { 200: ok, ...errors } },
    },
    async (request) => {
      await service.remove(request, request.params.id, async (id) => ({
        containers: (await app.containers.summary(id)).total,
      }));
      return { success: true as const };
    },
  );

  app.get(
    '/api/orgs/:id/members',
    {
      config: { ...inOrg, permission: 'members:read' },
      schema: { tags: ['orgs'], params: orgIdParamsSchema, response: { 200: membersResponseSchema, ...errors } },
    },
    async (request) => ({ success: true as const, members: await service.members(request.params.id) }),
  );

  app.patch(
    '/api/orgs/:id/members/:userId',
    {
      config: { ...inOrg, permission: 'members:manage' },
      schema: {
        tags: ['orgs'],
        params: memberParamsSchema,
        body: updateMemberBodySchema,
        response: { 200: memberResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      member: await service.changeRole(request, request.params.id, request.params.userId, request.body.role),
    }),
  );

  // Anyone may leave (their own id); removing someone else needs members:manage (checked by the service).
  app.delete(
    '/api/orgs/:id/members/:userId',
    {
      config: { ...inOrg, permission: 'members:read' },
      schema: { tags: ['orgs'], params: memberParamsSchema, response: { 200: ok, ...errors } },
    },
    async (request) => {
      await service.removeMember(request, request.params.id, request.params.userId);
      return { success: true as const };
    },
  );

  app.get(
    '/api/orgs/:id/invitations',
    {
      config: { ...inOrg, permission: 'members:read' },
      schema: { tags: ['orgs'], params: orgIdParamsSchema, response: { 200: invitationsResponseSchema, ...errors } },
    },
    async (request) => ({ success: true as const, invitations: await service.pendingInvitations(request.params.id) }),
  );

  app.post(
    '/api/orgs/:id/invitations',
    {
      config: { ...inOrg, permission: 'members:manage' },
      schema: {
        tags: ['orgs'],
        params: orgIdParamsSchema,
        body: createInvitationBodySchema,
        response: { 201: invitationResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const invitation = await service.invite(request, request.params.id, request.body);
      return reply.code(201).send({ success: true as const, invitation });
    },
  );

  app.delete(
    '/api/orgs/:id/invitations/:invitationId',
    {
      config: { ...inOrg, permission: 'members:manage' },
      schema: { tags: ['orgs'], params: invitationParamsSchema, response: { 200: ok, ...errors } },
    },
    async (request) => {
      await service.revokeInvitation(request, request.params.id, request.params.invitationId);
      return { success: true as const };
    },
  );

  app.post(
    '/api/invitations/preview',
    {
      config: { auth: 'session', permission: 'account' },
      schema: {
        tags: ['orgs'],
        body: invitationTokenBodySchema,
        response: { 200: invitationPreviewResponseSchema, ...errors },
      },
    },
    async (request) => ({ success: true as const, invitation: await service.preview(request.body.token) }),
  );

  app.post(
    '/api/invitations/accept',
    {
      config: { auth: 'session', permission: 'account' },
      schema: {
        tags: ['orgs'],
        body: invitationTokenBodySchema,
        response: { 200: acceptInvitationResponseSchema, ...errors },
      },
    },
    async (request) => ({ success: true as const, workspace: await service.accept(request, request.body.token) }),
  );

  app.get(
    '/api/orgs/:id/audit',
    {
      config: { ...inOrg, permission: 'audit:read' },
      schema: {
        tags: ['orgs'],
        params: orgIdParamsSchema,
        querystring: auditQuerySchema,
        response: { 200: auditResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (request.query.format === 'csv') {
        // A download, not the JSON answer: sent as bytes of its own type (the schema is for JSON).
        const { entries } = await service.auditLog(
          request.params.id,
          { ...request.query, before: request.query.before },
          AUDIT_EXPORT_MAX_ROWS,
        );
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="audit-${request.params.id}-${day}.csv"`)
          .send(Buffer.from(auditCsv(entries), 'utf8') as never);
      }
      return { success: true as const, ...(await service.auditLog(request.params.id, request.query)) };
    },
  );
};
