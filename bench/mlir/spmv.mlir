// SpMV baseline for MLIR's sparsifier: y(i) += A(i,j) * x(j), A in CSR.
//
// A template: bench/mlir/build.sh replaces __NROWS__ and __NCOLS__ with the
// matrix's sizes (sparse_tensor.assemble needs a static shape in LLVM 19)
// and renames the functions per build (vl=0 / vl=8).
//
// The C harness passes plain memref descriptors (positions, coordinates,
// values, x, y); sparse_tensor.assemble wraps the CSR buffers without a
// copy, so the sparsifier's loops read the caller's arrays directly.
// y is updated in place (y += A*x; the harness zeroes y for verification).
// Two flavours: 32-bit positions/coordinates and 64-bit (index).

#CSR32 = #sparse_tensor.encoding<{
  map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32
}>
#CSR64 = #sparse_tensor.encoding<{
  map = (i, j) -> (i : dense, j : compressed)
}>

#matvec = {
  indexing_maps = [
    affine_map<(i, j) -> (i, j)>,  // A
    affine_map<(i, j) -> (j)>,     // x
    affine_map<(i, j) -> (i)>      // y
  ],
  iterator_types = ["parallel", "reduction"],
  doc = "y(i) += A(i,j) * x(j)"
}

func.func @spmv32(%pos: tensor<?xi32>, %crd: tensor<?xi32>, %val: tensor<?xf64>,
                  %x: tensor<?xf64>, %y: tensor<?xf64>) -> tensor<?xf64>
    attributes { llvm.emit_c_interface } {
  %A = sparse_tensor.assemble (%pos, %crd), %val
     : (tensor<?xi32>, tensor<?xi32>), tensor<?xf64>
       to tensor<__NROWS__x__NCOLS__xf64, #CSR32>
  %r = linalg.generic #matvec
    ins(%A, %x : tensor<__NROWS__x__NCOLS__xf64, #CSR32>, tensor<?xf64>)
    outs(%y : tensor<?xf64>) {
    ^bb0(%a: f64, %b: f64, %acc: f64):
      %m = arith.mulf %a, %b : f64
      %s = arith.addf %acc, %m : f64
      linalg.yield %s : f64
  } -> tensor<?xf64>
  return %r : tensor<?xf64>
}

func.func @spmv64(%pos: tensor<?xindex>, %crd: tensor<?xindex>, %val: tensor<?xf64>,
                  %x: tensor<?xf64>, %y: tensor<?xf64>) -> tensor<?xf64>
    attributes { llvm.emit_c_interface } {
  %A = sparse_tensor.assemble (%pos, %crd), %val
     : (tensor<?xindex>, tensor<?xindex>), tensor<?xf64>
       to tensor<__NROWS__x__NCOLS__xf64, #CSR64>
  %r = linalg.generic #matvec
    ins(%A, %x : tensor<__NROWS__x__NCOLS__xf64, #CSR64>, tensor<?xf64>)
    outs(%y : tensor<?xf64>) {
    ^bb0(%a: f64, %b: f64, %acc: f64):
      %m = arith.mulf %a, %b : f64
      %s = arith.addf %acc, %m : f64
      linalg.yield %s : f64
  } -> tensor<?xf64>
  return %r : tensor<?xf64>
}
