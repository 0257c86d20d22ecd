// SpMM, SDDMM, SpAdd and SpGEMM for MLIR's sparsifier: the baselines of
// bench/kernels_pragma.c (all CSR with 64-bit positions and coordinates).
//
// A template: bench/mlir/build.sh replaces __NROWS__/__NCOLS__ with the
// matrix's sizes (sparse_tensor.assemble needs a static shape in LLVM 19)
// and __VL__ with the build's suffix (_vl0, _vl8).
//
// Inputs are wrapped without a copy by sparse_tensor.assemble. Dense
// outputs (SpMM) are updated in place, C += A*B (with a linalg.fill of C
// in the function, LLVM 19 bufferizes C out of place: a new buffer per
// call); the harness zeroes C (memset) before each call, so the timed call
// computes C = A*B as the hand-written loop and sparsecc's kernel do. Sparse outputs (SDDMM, SpAdd, SpGEMM) are new tensors
// (tensor.empty) that the sparsifier builds by insertion; they are copied
// into the caller's buffers with sparse_tensor.disassemble, which returns
// the used lengths; bufferization.dealloc_tensor then frees the tensor's
// own buffers (without it LLVM 19 leaks them on every call). The copy is
// part of the timed call (one pass over the result); sparsecc's and
// GraphBLAS's timed calls build their result too.
//
// SDDMM: X(i,j) = sum_k S(i,j) * U(i,k) * V(j,k) on the pattern of S
// (k = 32); V is stored row-major n x 32 (the transpose of the right
// factor), as in bench/kernels_pragma.c.

#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>

#spmm = {
  indexing_maps = [ affine_map<(i, j, k) -> (i, j)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, k)> ],
  iterator_types = ["parallel", "reduction", "parallel"]
}
func.func @spmm16__VL__(%pos: tensor<?xindex>, %crd: tensor<?xindex>, %val: tensor<?xf64>,
                  %b: tensor<__NCOLS__x16xf64>, %c: tensor<__NROWS__x16xf64>) -> tensor<__NROWS__x16xf64>
    attributes { llvm.emit_c_interface } {
  %A = sparse_tensor.assemble (%pos, %crd), %val : (tensor<?xindex>, tensor<?xindex>), tensor<?xf64> to tensor<__NROWS__x__NCOLS__xf64, #CSR>
  %r = linalg.generic #spmm ins(%A, %b : tensor<__NROWS__x__NCOLS__xf64, #CSR>, tensor<__NCOLS__x16xf64>)
    outs(%c : tensor<__NROWS__x16xf64>) {
    ^bb0(%a: f64, %x: f64, %acc: f64):
      %m = arith.mulf %a, %x : f64
      %s = arith.addf %acc, %m : f64
      linalg.yield %s : f64
  } -> tensor<__NROWS__x16xf64>
  return %r : tensor<__NROWS__x16xf64>
}

func.func @spmm64__VL__(%pos: tensor<?xindex>, %crd: tensor<?xindex>, %val: tensor<?xf64>,
                  %b: tensor<__NCOLS__x64xf64>, %c: tensor<__NROWS__x64xf64>) -> tensor<__NROWS__x64xf64>
    attributes { llvm.emit_c_interface } {
  %A = sparse_tensor.assemble (%pos, %crd), %val : (tensor<?xindex>, tensor<?xindex>), tensor<?xf64> to tensor<__NROWS__x__NCOLS__xf64, #CSR>
  %r = linalg.generic #spmm ins(%A, %b : tensor<__NROWS__x__NCOLS__xf64, #CSR>, tensor<__NCOLS__x64xf64>)
    outs(%c : tensor<__NROWS__x64xf64>) {
    ^bb0(%a: f64, %x: f64, %acc: f64):
      %m = arith.mulf %a, %x : f64
      %s = arith.addf %acc, %m : f64
      linalg.yield %s : f64
  } -> tensor<__NROWS__x64xf64>
  return %r : tensor<__NROWS__x64xf64>
}

#sddmm = {
  indexing_maps = [ affine_map<(i, j, k) -> (i, j)>, affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)> ],
  iterator_types = ["parallel", "parallel", "reduction"]
}
func.func @sddmm__VL__(%pos: tensor<?xindex>, %crd: tensor<?xindex>, %val: tensor<?xf64>,
                 %u: tensor<__NROWS__x32xf64>, %v: tensor<__NCOLS__x32xf64>,
                 %opos: tensor<?xindex>, %ocrd: tensor<?xindex>, %oval: tensor<?xf64>) -> (tensor<?xindex>, tensor<?xindex>, tensor<?xf64>, index, index, index)
    attributes { llvm.emit_c_interface } {
  %S = sparse_tensor.assemble (%pos, %crd), %val : (tensor<?xindex>, tensor<?xindex>), tensor<?xf64> to tensor<__NROWS__x__NCOLS__xf64, #CSR>
  %e = tensor.empty() : tensor<__NROWS__x__NCOLS__xf64, #CSR>
  %r = linalg.generic #sddmm ins(%S, %u, %v : tensor<__NROWS__x__NCOLS__xf64, #CSR>, tensor<__NROWS__x32xf64>, tensor<__NCOLS__x32xf64>)
    outs(%e : tensor<__NROWS__x__NCOLS__xf64, #CSR>) {
    ^bb0(%s: f64, %a: f64, %b: f64, %acc: f64):
      %m = arith.mulf %a, %b : f64
      %m2 = arith.mulf %s, %m : f64
      %t = arith.addf %acc, %m2 : f64
      linalg.yield %t : f64
  } -> tensor<__NROWS__x__NCOLS__xf64, #CSR>
  %rp, %rc, %rv, %lp, %lc, %lv = sparse_tensor.disassemble %r : tensor<__NROWS__x__NCOLS__xf64, #CSR>
     out_lvls(%opos, %ocrd : tensor<?xindex>, tensor<?xindex>) out_vals(%oval : tensor<?xf64>)
     -> (tensor<?xindex>, tensor<?xindex>), tensor<?xf64>, (index, index), index
  bufferization.dealloc_tensor %r : tensor<__NROWS__x__NCOLS__xf64, #CSR>
  return %rp, %rc, %rv, %lp, %lc, %lv : tensor<?xindex>, tensor<?xindex>, tensor<?xf64>, index, index, index
}

#ew = {
  indexing_maps = [ affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)> ],
  iterator_types = ["parallel", "parallel"]
}
func.func @spadd__VL__(%pa: tensor<?xindex>, %ca: tensor<?xindex>, %va: tensor<?xf64>,
                 %pb: tensor<?xindex>, %cb: tensor<?xindex>, %vb: tensor<?xf64>,
                 %opos: tensor<?xindex>, %ocrd: tensor<?xindex>, %oval: tensor<?xf64>) -> (tensor<?xindex>, tensor<?xindex>, tensor<?xf64>, index, index, index)
    attributes { llvm.emit_c_interface } {
  %A = sparse_tensor.assemble (%pa, %ca), %va : (tensor<?xindex>, tensor<?xindex>), tensor<?xf64> to tensor<__NROWS__x__NCOLS__xf64, #CSR>
  %B = sparse_tensor.assemble (%pb, %cb), %vb : (tensor<?xindex>, tensor<?xindex>), tensor<?xf64> to tensor<__NROWS__x__NCOLS__xf64, #CSR>
  %e = tensor.empty() : tensor<__NROWS__x__NCOLS__xf64, #CSR>
  %r = linalg.generic #ew ins(%A, %B : tensor<__NROWS__x__NCOLS__xf64, #CSR>, tensor<__NROWS__x__NCOLS__xf64, #CSR>)
    outs(%e : tensor<__NROWS__x__NCOLS__xf64, #CSR>) {
    ^bb0(%a: f64, %b: f64, %o: f64):
      %s = arith.addf %a, %b : f64
      linalg.yield %s : f64
  } -> tensor<__NROWS__x__NCOLS__xf64, #CSR>
  %rp, %rc, %rv, %lp, %lc, %lv = sparse_tensor.disassemble %r : tensor<__NROWS__x__NCOLS__xf64, #CSR>
     out_lvls(%opos, %ocrd : tensor<?xindex>, tensor<?xindex>) out_vals(%oval : tensor<?xf64>)
     -> (tensor<?xindex>, tensor<?xindex>), tensor<?xf64>, (index, index), index
  bufferization.dealloc_tensor %r : tensor<__NROWS__x__NCOLS__xf64, #CSR>
  return %rp, %rc, %rv, %lp, %lc, %lv : tensor<?xindex>, tensor<?xindex>, tensor<?xf64>, index, index, index
}

#mm = {
  indexing_maps = [ affine_map<(i, k, j) -> (i, k)>, affine_map<(i, k, j) -> (k, j)>, affine_map<(i, k, j) -> (i, j)> ],
  iterator_types = ["parallel", "reduction", "parallel"]
}
func.func @spgemm__VL__(%pa: tensor<?xindex>, %ca: tensor<?xindex>, %va: tensor<?xf64>,
                  %pb: tensor<?xindex>, %cb: tensor<?xindex>, %vb: tensor<?xf64>,
                  %opos: tensor<?xindex>, %ocrd: tensor<?xindex>, %oval: tensor<?xf64>) -> (tensor<?xindex>, tensor<?xindex>, tensor<?xf64>, index, index, index)
    attributes { llvm.emit_c_interface } {
  %A = sparse_tensor.assemble (%pa, %ca), %va : (tensor<?xindex>, tensor<?xindex>), tensor<?xf64> to tensor<__NROWS__x__NCOLS__xf64, #CSR>
  %B = sparse_tensor.assemble (%pb, %cb), %vb : (tensor<?xindex>, tensor<?xindex>), tensor<?xf64> to tensor<__NCOLS__x__NCOLS__xf64, #CSR>
  %e = tensor.empty() : tensor<__NROWS__x__NCOLS__xf64, #CSR>
  %r = linalg.generic #mm ins(%A, %B : tensor<__NROWS__x__NCOLS__xf64, #CSR>, tensor<__NCOLS__x__NCOLS__xf64, #CSR>)
    outs(%e : tensor<__NROWS__x__NCOLS__xf64, #CSR>) {
    ^bb0(%a: f64, %b: f64, %acc: f64):
      %m = arith.mulf %a, %b : f64
      %s = arith.addf %acc, %m : f64
      linalg.yield %s : f64
  } -> tensor<__NROWS__x__NCOLS__xf64, #CSR>
  %rp, %rc, %rv, %lp, %lc, %lv = sparse_tensor.disassemble %r : tensor<__NROWS__x__NCOLS__xf64, #CSR>
     out_lvls(%opos, %ocrd : tensor<?xindex>, tensor<?xindex>) out_vals(%oval : tensor<?xf64>)
     -> (tensor<?xindex>, tensor<?xindex>), tensor<?xf64>, (index, index), index
  bufferization.dealloc_tensor %r : tensor<__NROWS__x__NCOLS__xf64, #CSR>
  return %rp, %rc, %rv, %lp, %lc, %lv : tensor<?xindex>, tensor<?xindex>, tensor<?xf64>, index, index, index
}
