// BSR SpMV for MLIR's sparsifier on a real matrix: y(i) += A(i,j) * x(j)
// with A stored as BSR(2, 2), BSR(3, 3) and BSR(4, 4), the levels
// (i floordiv r : dense, j floordiv c : compressed, i mod r : dense,
// j mod c : dense) of sparsecc's BSR(r, c).
//
// A template: bench/bsr_run.sh replaces __NP__ with the matrix's size
// padded to a multiple of 12 (sparse_tensor.assemble needs a static shape
// in LLVM 19, and the block sizes must divide it; the padding rows and
// columns are empty) and renames the functions per build (vl=0 / vl=8).
// bench/mlir/bsr_harness.c passes the BSR buffers as memrefs; y is
// updated in place.

#BSR22 = #sparse_tensor.encoding<{ map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense) }>
#BSR33 = #sparse_tensor.encoding<{ map = (i, j) -> (i floordiv 3 : dense, j floordiv 3 : compressed, i mod 3 : dense, j mod 3 : dense) }>
#BSR44 = #sparse_tensor.encoding<{ map = (i, j) -> (i floordiv 4 : dense, j floordiv 4 : compressed, i mod 4 : dense, j mod 4 : dense) }>

#matvec = {
  indexing_maps = [
    affine_map<(i, j) -> (i, j)>,  // A
    affine_map<(i, j) -> (j)>,     // x
    affine_map<(i, j) -> (i)>      // y
  ],
  iterator_types = ["parallel", "reduction"],
  doc = "y(i) += A(i,j) * x(j)"
}

func.func @bsr22(%pos: tensor<?xindex>, %crd: tensor<?xindex>, %val: tensor<?xf64>,
                 %x: tensor<?xf64>, %y: tensor<?xf64>) -> tensor<?xf64>
    attributes { llvm.emit_c_interface } {
  %A = sparse_tensor.assemble (%pos, %crd), %val
     : (tensor<?xindex>, tensor<?xindex>), tensor<?xf64> to tensor<__NP__x__NP__xf64, #BSR22>
  %r = linalg.generic #matvec
    ins(%A, %x : tensor<__NP__x__NP__xf64, #BSR22>, tensor<?xf64>)
    outs(%y : tensor<?xf64>) {
    ^bb0(%a: f64, %b: f64, %acc: f64):
      %m = arith.mulf %a, %b : f64
      %s = arith.addf %acc, %m : f64
      linalg.yield %s : f64
  } -> tensor<?xf64>
  return %r : tensor<?xf64>
}

func.func @bsr33(%pos: tensor<?xindex>, %crd: tensor<?xindex>, %val: tensor<?xf64>,
                 %x: tensor<?xf64>, %y: tensor<?xf64>) -> tensor<?xf64>
    attributes { llvm.emit_c_interface } {
  %A = sparse_tensor.assemble (%pos, %crd), %val
     : (tensor<?xindex>, tensor<?xindex>), tensor<?xf64> to tensor<__NP__x__NP__xf64, #BSR33>
  %r = linalg.generic #matvec
    ins(%A, %x : tensor<__NP__x__NP__xf64, #BSR33>, tensor<?xf64>)
    outs(%y : tensor<?xf64>) {
    ^bb0(%a: f64, %b: f64, %acc: f64):
      %m = arith.mulf %a, %b : f64
      %s = arith.addf %acc, %m : f64
      linalg.yield %s : f64
  } -> tensor<?xf64>
  return %r : tensor<?xf64>
}

func.func @bsr44(%pos: tensor<?xindex>, %crd: tensor<?xindex>, %val: tensor<?xf64>,
                 %x: tensor<?xf64>, %y: tensor<?xf64>) -> tensor<?xf64>
    attributes { llvm.emit_c_interface } {
  %A = sparse_tensor.assemble (%pos, %crd), %val
     : (tensor<?xindex>, tensor<?xindex>), tensor<?xf64> to tensor<__NP__x__NP__xf64, #BSR44>
  %r = linalg.generic #matvec
    ins(%A, %x : tensor<__NP__x__NP__xf64, #BSR44>, tensor<?xf64>)
    outs(%y : tensor<?xf64>) {
    ^bb0(%a: f64, %b: f64, %acc: f64):
      %m = arith.mulf %a, %b : f64
      %s = arith.addf %acc, %m : f64
      linalg.yield %s : f64
  } -> tensor<?xf64>
  return %r : tensor<?xf64>
}
