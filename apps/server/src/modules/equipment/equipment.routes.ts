import {
  AcceptCalibrationSchema,
  BrewhouseConstantsSchema,
  BrewhouseDetailSchema,
  brewhouseObjectUri,
  envelopeOf,
  NewBrewhouseSchema,
  VesselInputSchema,
  VesselReadSchema,
  VesselSchema,
  vesselObjectUri,
} from '@brewcommand/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Tenant } from '../../auth/tenant.ts'
import { WriteHeadersSchema, type Broadcast, type WriteRunner } from '../../writes/write-runner.ts'
import type { EquipmentService } from './equipment.service.ts'

const BrewhouseParams = z.object({ brewhouseId: z.uuid('The brewhouse id must be a UUID') })
const VesselParams = z.object({ vesselId: z.uuid('The vessel id must be a UUID') })

/**
 * `/api/equipment`: Settings → Equipment (docs/production.md). Every role reads; an Admin adds, edits (a new
 * brewhouse version), calibrates and removes. A broadcast carries the whole record (`{ id, deleted }` or
 * `{ id, archived }` when it goes), so every open page replaces its copy.
 */
export const equipmentRoutes: FastifyPluginAsyncZod<{
  equipment: EquipmentService
  runWrite: WriteRunner
}> = async (app, { equipment, runWrite }) => {
  const headers = WriteHeadersSchema
  const brewhouseChanged = (tenant: Tenant, id: string) => async (): Promise<Broadcast> => ({
    objectUri: brewhouseObjectUri(id),
    data: await equipment.brewhouse(tenant, id),
  })

  app.get(
    '/brewhouses',
    { schema: { response: { 200: z.object({ data: z.array(BrewhouseDetailSchema) }) } } },
    async (request) => ({ data: await equipment.listBrewhouses(request.tenant) }),
  )

  app.post(
    '/brewhouses',
    { schema: { body: envelopeOf('brewhouse', NewBrewhouseSchema), headers } },
    (request, reply) =>
      runWrite(request, reply, {
        status: 201,
        run: (tx) => equipment.addBrewhouse(tx, request.tenant, request.body.data),
        body: (brewhouse) => ({ data: brewhouse }),
        broadcast: (brewhouse) => ({ objectUri: brewhouseObjectUri(brewhouse.id), data: brewhouse }),
      }),
  )

  app.put(
    '/brewhouses/:brewhouseId',
    { schema: { params: BrewhouseParams, body: envelopeOf('brewhouse', BrewhouseConstantsSchema), headers } },
    (request, reply) => {
      const { brewhouseId } = request.params
      return runWrite(request, reply, {
        status: 200,
        run: (tx) => equipment.changeBrewhouse(tx, request.tenant, brewhouseId, request.body.data),
        body: (brewhouse) => ({ data: brewhouse }),
        broadcast: brewhouseChanged(request.tenant, brewhouseId),
      })
    },
  )

  app.delete(
    '/brewhouses/:brewhouseId',
    { schema: { params: BrewhouseParams, headers } },
    (request, reply) => {
      const { brewhouseId } = request.params
      return runWrite(request, reply, {
        status: 204,
        run: (tx) => equipment.removeBrewhouse(tx, request.tenant, brewhouseId),
        broadcast: ({ archived }) => ({
          objectUri: brewhouseObjectUri(brewhouseId),
          data: archived ? { id: brewhouseId, archived: true } : { id: brewhouseId, deleted: true },
        }),
      })
    },
  )

  app.post(
    '/brewhouses/:brewhouseId/calibrations',
    {
      schema: { params: BrewhouseParams, body: envelopeOf('brewhouse', AcceptCalibrationSchema), headers },
    },
    (request, reply) => {
      const { brewhouseId } = request.params
      return runWrite(request, reply, {
        status: 201,
        run: (tx) => equipment.acceptCalibration(tx, request.tenant, brewhouseId, request.body.data),
        body: (brewhouse) => ({ data: brewhouse }),
        broadcast: brewhouseChanged(request.tenant, brewhouseId),
      })
    },
  )

  app.get(
    '/vessels',
    { schema: { response: { 200: z.object({ data: z.array(VesselReadSchema) }) } } },
    async (request) => ({ data: await equipment.listVessels(request.tenant) }),
  )

  app.post('/vessels', { schema: { body: envelopeOf('vessel', VesselSchema), headers } }, (request, reply) =>
    runWrite(request, reply, {
      status: 201,
      run: (tx) => equipment.addVessel(tx, request.tenant, request.body.data),
      body: (vessel) => ({ data: vessel }),
      broadcast: (vessel) => ({ objectUri: vesselObjectUri(vessel.id), data: vessel }),
    }),
  )

  app.put(
    '/vessels/:vesselId',
    { schema: { params: VesselParams, body: envelopeOf('vessel', VesselInputSchema), headers } },
    (request, reply) => {
      const { vesselId } = request.params
      return runWrite(request, reply, {
        status: 200,
        run: (tx) => equipment.changeVessel(tx, request.tenant, vesselId, request.body.data),
        body: (vessel) => ({ data: vessel }),
        broadcast: (vessel) => ({ objectUri: vesselObjectUri(vessel.id), data: vessel }),
      })
    },
  )

  app.delete('/vessels/:vesselId', { schema: { params: VesselParams, headers } }, (request, reply) => {
    const { vesselId } = request.params
    return runWrite(request, reply, {
      status: 204,
      run: (tx) => equipment.removeVessel(tx, request.tenant, vesselId),
      broadcast: ({ archived }) => ({
        objectUri: vesselObjectUri(vesselId),
        data: archived ? { id: vesselId, archived: true } : { id: vesselId, deleted: true },
      }),
    })
  })
}
