import { productObjectUri, type DataModifiedEvent } from '@brewcommand/domain'
import { describe, expect, it } from 'vitest'
import { changeToast, OTHERS_CHANGE_TOAST } from './change-toast.ts'

const change = (objectUri: string): DataModifiedEvent => ({
  sourceSocketId: 'socket-1',
  payload: { objectUri, data: { id: 'p1' } },
})

describe('changeToast', () => {
  // Issue 34: every own save toasted "Changes successfully saved to the server." beside the save status.
  it("says nothing for one's own save; the header's save status says it", () => {
    expect(changeToast(change(productObjectUri('p1')), true)).toBeNull()
  })

  it("tells another person's change to a product", () => {
    expect(changeToast(change(productObjectUri('p1', 'tastingNotes', 'n1')), false)).toBe(OTHERS_CHANGE_TOAST)
  })

  it('leaves production records to their own screens', () => {
    expect(changeToast(change('brewcommand://batches/b1'), false)).toBeNull()
  })
})
